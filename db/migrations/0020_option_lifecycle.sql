CREATE TABLE "option_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "option_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"option_id" integer NOT NULL,
	"action" text NOT NULL,
	"version" integer NOT NULL,
	"method" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"provider_payment_id" text,
	"paid_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"previous_ends_at" timestamp with time zone,
	"new_ends_at" timestamp with time zone,
	"recorded_by" integer,
	"bank_reference" text,
	"notice_storage_key" text,
	"notice_sha256" text,
	"notice_size_bytes" integer,
	"notice_signed_at" timestamp with time zone,
	"signer_cert_sha256" text,
	"chain_document_id" integer,
	"chain_filed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "option_reminders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "option_reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"option_id" integer NOT NULL,
	"threshold_days" integer NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "options" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "options_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"offer_id" integer NOT NULL,
	"grant_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"producer_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"option_period_months" integer NOT NULL,
	"extension_months" integer DEFAULT 0 NOT NULL,
	"extension_fee_pence" integer,
	"extensions_taken" integer DEFAULT 0 NOT NULL,
	"purchase_price_pence" integer,
	"exercise_notice_at" timestamp with time zone,
	"exercised_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "option_payments" ADD CONSTRAINT "option_payments_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_payments" ADD CONSTRAINT "option_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_reminders" ADD CONSTRAINT "option_reminders_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "options" ADD CONSTRAINT "options_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "options" ADD CONSTRAINT "options_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "options" ADD CONSTRAINT "options_producer_id_users_id_fk" FOREIGN KEY ("producer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "option_payments_once" ON "option_payments" USING btree ("option_id","action","version");--> statement-breakpoint
CREATE INDEX "option_payments_notice_idx" ON "option_payments" USING btree ("notice_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "option_reminders_once" ON "option_reminders" USING btree ("option_id","threshold_days","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "options_offer_key" ON "options" USING btree ("offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "options_grant_key" ON "options" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "options_producer_idx" ON "options" USING btree ("producer_id");--> statement-breakpoint
CREATE INDEX "options_listing_idx" ON "options" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "options_ends_idx" ON "options" USING btree ("ends_at") WHERE exercised_at is null;