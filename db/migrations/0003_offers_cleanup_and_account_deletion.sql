ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_ledger_payment_idx" ON "payment_ledger" USING btree ("provider_payment_id");--> statement-breakpoint
ALTER TABLE "offers" DROP COLUMN "authorised_at";