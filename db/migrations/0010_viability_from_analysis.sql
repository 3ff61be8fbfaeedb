ALTER TABLE "listings" ALTER COLUMN "viability_score" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "listings" ALTER COLUMN "viability_score" DROP NOT NULL;