CREATE TABLE "mandate_listing_notices" (
	"mandate_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"notified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mandate_listing_notices_mandate_id_listing_id_pk" PRIMARY KEY("mandate_id","listing_id")
);
--> statement-breakpoint
CREATE TABLE "mandate_mutes" (
	"producer_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mandate_mutes_producer_id_agent_id_pk" PRIMARY KEY("producer_id","agent_id")
);
--> statement-breakpoint
CREATE TABLE "mandate_pitches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mandate_pitches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mandate_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"answer" text,
	"thread_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mandates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mandates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"producer_id" integer NOT NULL,
	"media" text[] NOT NULL,
	"genres" text[] NOT NULL,
	"budget_min" integer NOT NULL,
	"budget_max" integer NOT NULL,
	"rights" text[] NOT NULL,
	"territories" text[] NOT NULL,
	"description" text NOT NULL,
	"anonymous" boolean DEFAULT false NOT NULL,
	"anonymous_label" text,
	"open_until" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"embedding" jsonb,
	"embedding_model" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "listing_offer_policies" (
	"listing_id" integer PRIMARY KEY NOT NULL,
	"verified_only" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "producer_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "producer_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"company" text NOT NULL,
	"role" text NOT NULL,
	"website" text NOT NULL,
	"credits" jsonb NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"notes" text,
	"decided_by" integer,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mandate_listing_notices" ADD CONSTRAINT "mandate_listing_notices_mandate_id_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."mandates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandate_listing_notices" ADD CONSTRAINT "mandate_listing_notices_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandate_mutes" ADD CONSTRAINT "mandate_mutes_producer_id_users_id_fk" FOREIGN KEY ("producer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandate_mutes" ADD CONSTRAINT "mandate_mutes_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandate_pitches" ADD CONSTRAINT "mandate_pitches_mandate_id_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."mandates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandate_pitches" ADD CONSTRAINT "mandate_pitches_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandate_pitches" ADD CONSTRAINT "mandate_pitches_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandates" ADD CONSTRAINT "mandates_producer_id_users_id_fk" FOREIGN KEY ("producer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_offer_policies" ADD CONSTRAINT "listing_offer_policies_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producer_applications" ADD CONSTRAINT "producer_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producer_applications" ADD CONSTRAINT "producer_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mandate_pitches_once_key" ON "mandate_pitches" USING btree ("mandate_id","listing_id");--> statement-breakpoint
CREATE INDEX "mandate_pitches_agent_idx" ON "mandate_pitches" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "mandates_open_idx" ON "mandates" USING btree ("status","open_until");--> statement-breakpoint
CREATE INDEX "mandates_producer_idx" ON "mandates" USING btree ("producer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "producer_applications_user_key" ON "producer_applications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "producer_applications_status_idx" ON "producer_applications" USING btree ("status","submitted_at");