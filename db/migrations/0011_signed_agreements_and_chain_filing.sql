ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "offer_agreements" ADD COLUMN "signed_storage_key" text;--> statement-breakpoint
ALTER TABLE "offer_agreements" ADD COLUMN "signed_sha256" text;--> statement-breakpoint
ALTER TABLE "offer_agreements" ADD COLUMN "signed_size_bytes" integer;--> statement-breakpoint
ALTER TABLE "offer_agreements" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offer_agreements" ADD COLUMN "signer_cert_sha256" text;--> statement-breakpoint
ALTER TABLE "offer_agreements" ADD COLUMN "signed_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offer_agreements" ADD COLUMN "chain_document_id" integer;--> statement-breakpoint
ALTER TABLE "offer_agreements" ADD COLUMN "chain_filed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chain_of_title_documents" ADD COLUMN "source_key" text;--> statement-breakpoint
CREATE INDEX "offer_agreements_sha256_idx" ON "offer_agreements" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "offer_agreements_signed_sha256_idx" ON "offer_agreements" USING btree ("signed_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_of_title_source_key_idx" ON "chain_of_title_documents" USING btree ("source_key");