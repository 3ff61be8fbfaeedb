CREATE TABLE "rights_grant_cells" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rights_grant_cells_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"grant_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"media" text NOT NULL,
	"territory" text NOT NULL,
	"territory_key" text NOT NULL,
	"live" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rights_grants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rights_grants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"listing_id" integer NOT NULL,
	"offer_id" integer,
	"producer_id" integer,
	"status" text DEFAULT 'optioned' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"sold_at" timestamp with time zone,
	"lapsed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "offers_one_accepted_per_listing";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "rights_taken" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "rights_grant_cells" ADD CONSTRAINT "rights_grant_cells_grant_id_rights_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."rights_grants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rights_grant_cells" ADD CONSTRAINT "rights_grant_cells_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rights_grants" ADD CONSTRAINT "rights_grants_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rights_grants" ADD CONSTRAINT "rights_grants_producer_id_users_id_fk" FOREIGN KEY ("producer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rights_grant_cells_grant_idx" ON "rights_grant_cells" USING btree ("grant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rights_grant_cells_one_live" ON "rights_grant_cells" USING btree ("listing_id","media","territory_key") WHERE live;--> statement-breakpoint
CREATE UNIQUE INDEX "rights_grants_offer_key" ON "rights_grants" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "rights_grants_listing_idx" ON "rights_grants" USING btree ("listing_id","status");--> statement-breakpoint
CREATE INDEX "rights_grants_due_idx" ON "rights_grants" USING btree ("ends_at") WHERE status = 'optioned';