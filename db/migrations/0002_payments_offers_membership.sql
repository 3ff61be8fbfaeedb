CREATE TABLE "local_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"currency" text NOT NULL,
	"capture_method" text NOT NULL,
	"status" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" text,
	"customer_id" text,
	"payment_method_id" text,
	"card_last4" text,
	"last_error_code" text,
	"last_error_message" text,
	"cancellation_reason" text,
	"amount_refunded_pence" integer DEFAULT 0 NOT NULL,
	"authorised_at" timestamp with time zone,
	"captured_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_provider_requests" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"operation" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_ledger" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"operation" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"subject" text NOT NULL,
	"user_id" integer,
	"provider_payment_id" text,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"result_status" text,
	"error_code" text,
	"error_message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "decks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "decks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"listing_id" integer NOT NULL,
	"producer_id" integer NOT NULL,
	"offer_price_pence" integer NOT NULL,
	"option_period_months" integer NOT NULL,
	"extra_rights_request" text,
	"fund_competition" boolean DEFAULT false NOT NULL,
	"fund_notes" text,
	"deck_id" integer,
	"deck_file_url" text,
	"status" text DEFAULT 'awaiting_payment' NOT NULL,
	"request_key" text,
	"payment_provider" text NOT NULL,
	"provider_payment_id" text,
	"hold_version" integer DEFAULT 1 NOT NULL,
	"submitted_at" timestamp with time zone,
	"authorised_at" timestamp with time zone,
	"response_deadline" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"cancellation_reason" text,
	"rejection_reason" text,
	"last_payment_error" text,
	"signed_option_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"net_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL,
	"gross_pence" integer NOT NULL,
	"receipt_number" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'incomplete' NOT NULL,
	"checkout_session_id" text NOT NULL,
	"provider_subscription_id" text,
	"customer_id" text,
	"payment_method_id" text,
	"auto_renew" boolean DEFAULT true NOT NULL,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"renewal_failed_at" timestamp with time zone,
	"renewal_attempts" integer DEFAULT 0 NOT NULL,
	"next_renewal_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD CONSTRAINT "payment_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decks" ADD CONSTRAINT "decks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_producer_id_users_id_fk" FOREIGN KEY ("producer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_deck_id_decks_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."decks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_payments" ADD CONSTRAINT "membership_payments_subscription_id_membership_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."membership_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_payments" ADD CONSTRAINT "membership_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_subscriptions" ADD CONSTRAINT "membership_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "local_payment_intents_secret_key" ON "local_payment_intents" USING btree ("client_secret");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_ledger_key" ON "payment_ledger" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_ledger_subject_idx" ON "payment_ledger" USING btree ("subject");--> statement-breakpoint
CREATE INDEX "payment_ledger_outcome_idx" ON "payment_ledger" USING btree ("outcome");--> statement-breakpoint
CREATE INDEX "decks_owner_idx" ON "decks" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "offers_listing_idx" ON "offers" USING btree ("listing_id","status");--> statement-breakpoint
CREATE INDEX "offers_producer_idx" ON "offers" USING btree ("producer_id","created_at");--> statement-breakpoint
CREATE INDEX "offers_deadline_idx" ON "offers" USING btree ("status","response_deadline");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_provider_payment_key" ON "offers" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_request_key" ON "offers" USING btree ("producer_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_open_per_producer" ON "offers" USING btree ("producer_id","listing_id") WHERE status in ('awaiting_payment', 'pending');--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_accepted_per_listing" ON "offers" USING btree ("listing_id") WHERE status = 'accepted';--> statement-breakpoint
CREATE UNIQUE INDEX "membership_payments_provider_key" ON "membership_payments" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_payments_receipt_key" ON "membership_payments" USING btree ("receipt_number");--> statement-breakpoint
CREATE INDEX "membership_payments_user_idx" ON "membership_payments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_subscriptions_session_key" ON "membership_subscriptions" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE INDEX "membership_subscriptions_user_idx" ON "membership_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "membership_subscriptions_renewal_idx" ON "membership_subscriptions" USING btree ("status","current_period_end");