CREATE TABLE "offer_agreements" (
	"offer_id" integer PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"terms_version" integer NOT NULL,
	"option_fee_pence" integer NOT NULL,
	"producer_signed_name" text,
	"producer_signed_at" timestamp with time zone,
	"producer_signed_ip" text,
	"agent_signed_name" text,
	"agent_signed_at" timestamp with time zone,
	"agent_signed_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_terms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offer_terms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"offer_id" integer NOT NULL,
	"version" integer NOT NULL,
	"proposed_by" text NOT NULL,
	"kind" text NOT NULL,
	"author_id" integer,
	"price_pence" integer NOT NULL,
	"option_period_months" integer NOT NULL,
	"purchase_price_pence" integer,
	"extension_months" integer DEFAULT 0 NOT NULL,
	"extension_fee_pence" integer,
	"territory" text NOT NULL,
	"media" text NOT NULL,
	"extra_rights_request" text,
	"fund_competition" boolean DEFAULT false NOT NULL,
	"fund_notes" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deal_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"thread_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_mutes" (
	"agent_id" integer NOT NULL,
	"producer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_mutes_agent_id_producer_id_pk" PRIMARY KEY("agent_id","producer_id")
);
--> statement-breakpoint
CREATE TABLE "deal_threads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deal_threads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"listing_id" integer NOT NULL,
	"producer_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"producer_read_at" timestamp with time zone,
	"agent_read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "offers_one_open_per_producer";--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "terms_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "prev_hold_version" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "prev_payment_id" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "prev_hold_price_pence" integer;--> statement-breakpoint
ALTER TABLE "offer_agreements" ADD CONSTRAINT "offer_agreements_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_terms" ADD CONSTRAINT "offer_terms_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_terms" ADD CONSTRAINT "offer_terms_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_messages" ADD CONSTRAINT "deal_messages_thread_id_deal_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."deal_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_messages" ADD CONSTRAINT "deal_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_mutes" ADD CONSTRAINT "deal_mutes_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_mutes" ADD CONSTRAINT "deal_mutes_producer_id_users_id_fk" FOREIGN KEY ("producer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_threads" ADD CONSTRAINT "deal_threads_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_threads" ADD CONSTRAINT "deal_threads_producer_id_users_id_fk" FOREIGN KEY ("producer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_threads" ADD CONSTRAINT "deal_threads_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_terms_version_key" ON "offer_terms" USING btree ("offer_id","version");--> statement-breakpoint
CREATE INDEX "deal_messages_thread_idx" ON "deal_messages" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_threads_listing_producer_key" ON "deal_threads" USING btree ("listing_id","producer_id");--> statement-breakpoint
CREATE INDEX "deal_threads_agent_idx" ON "deal_threads" USING btree ("agent_id","last_message_at");--> statement-breakpoint
CREATE INDEX "deal_threads_producer_idx" ON "deal_threads" USING btree ("producer_id","last_message_at");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_open_per_producer" ON "offers" USING btree ("producer_id","listing_id") WHERE status in ('awaiting_payment', 'pending', 'countered', 'reauthorising');