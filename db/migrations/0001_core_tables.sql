CREATE TABLE "email_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text,
	"ip_address" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"username" text,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"role" text DEFAULT 'producer' NOT NULL,
	"membership_tier" text DEFAULT 'free' NOT NULL,
	"premium_expires_at" timestamp with time zone,
	"premium_auto_renew" boolean DEFAULT true NOT NULL,
	"profile_image_url" text,
	"phone_number" text,
	"address" text,
	"imdb_page_link" text,
	"what_are_you_looking_for" text,
	"how_did_you_hear_about_us" text,
	"company_name" text,
	"agency_website" text,
	"agency_years_in_business" integer,
	"agency_client_list" text,
	"agency_contact_phone" text,
	"agency_credentials" text,
	"agent_verification_status" text,
	"agent_verification_notes" text,
	"agent_verification_submitted_at" timestamp with time zone,
	"agent_verified_at" timestamp with time zone,
	"email_verified_at" timestamp with time zone,
	"pending_email" text,
	"accepted_legal_terms_at" timestamp with time zone,
	"profile_completed_at" timestamp with time zone,
	"suspended_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agent_id" integer,
	"title" text NOT NULL,
	"author" text NOT NULL,
	"synopsis" text,
	"description" text,
	"logline" text,
	"category" text,
	"subcategory" text,
	"genre" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"medium" text DEFAULT 'book' NOT NULL,
	"content_type" text DEFAULT 'book' NOT NULL,
	"format" text,
	"status" text DEFAULT 'available' NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"cover_image_url" text,
	"gallery_images" text[] DEFAULT '{}'::text[] NOT NULL,
	"pages" integer,
	"word_count" integer,
	"publish_date" date,
	"publisher" text,
	"publication_status" text,
	"isbn" text,
	"edition" text,
	"rights_status" text,
	"agent_name" text,
	"author_bio" text,
	"target_audience" text,
	"content_rating" text,
	"rights_available" text[] DEFAULT '{}'::text[] NOT NULL,
	"territory" text[] DEFAULT '{}'::text[] NOT NULL,
	"exclusivity" text,
	"previous_adaptations" boolean DEFAULT false NOT NULL,
	"adaptation_details" text,
	"suggested_offer_min_pence" integer,
	"suggested_offer_max_pence" integer,
	"asking_price_pence" bigint,
	"minimum_deal_pence" bigint,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"royalty_percentage" numeric(4, 1),
	"negotiable" boolean DEFAULT true NOT NULL,
	"sales_figures" text,
	"awards" text,
	"reviews" text,
	"social_media_presence" text,
	"attached_talent" text,
	"production_company_interest" text,
	"marketing_materials" boolean DEFAULT false NOT NULL,
	"themes" text[] DEFAULT '{}'::text[] NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"comparable_titles" text,
	"unique_selling_points" text,
	"agent_notes" text,
	"target_demographic" jsonb,
	"medium_details" jsonb,
	"viability_score" integer DEFAULT 75 NOT NULL,
	"twitter_mentions" integer,
	"twitter_buzz_score" integer,
	"twitter_has_verified_mentions" boolean,
	"twitter_publisher_promotion" boolean,
	"twitter_book_club_mentions" integer,
	"youtube_total_views" bigint,
	"youtube_video_count" integer,
	"youtube_adaptation_potential" integer,
	"youtube_popularity_score" integer,
	"search_vector" "tsvector" GENERATED ALWAYS AS (listing_search_document(title, author, description, tags)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"user_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_user_id_listing_id_pk" PRIMARY KEY("user_id","listing_id")
);
--> statement-breakpoint
CREATE TABLE "listing_views" (
	"user_id" integer NOT NULL,
	"month" text NOT NULL,
	"listing_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_views_user_id_month_listing_id_pk" PRIMARY KEY("user_id","month","listing_id")
);
--> statement-breakpoint
CREATE TABLE "activity_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"activity_type" text NOT NULL,
	"time_spent_seconds" integer,
	"session_id" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"search_query" text DEFAULT '' NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"results_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_views" ADD CONSTRAINT "listing_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_views" ADD CONSTRAINT "listing_views_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_events" ADD CONSTRAINT "search_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_tokens_hash_key" ON "email_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_tokens_user_idx" ON "email_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree ("to_address");--> statement-breakpoint
CREATE INDEX "mail_outbox_status_idx" ON "mail_outbox" USING btree ("status");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "listings_agent_idx" ON "listings" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "listings_status_idx" ON "listings" USING btree ("status");--> statement-breakpoint
CREATE INDEX "listings_medium_idx" ON "listings" USING btree (lower("medium"));--> statement-breakpoint
CREATE INDEX "listings_featured_idx" ON "listings" USING btree ("is_featured","created_at");--> statement-breakpoint
CREATE INDEX "listings_offer_max_idx" ON "listings" USING btree ("suggested_offer_max_pence");--> statement-breakpoint
CREATE INDEX "listings_viability_idx" ON "listings" USING btree ("viability_score");--> statement-breakpoint
CREATE INDEX "listings_created_idx" ON "listings" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "listings_tags_idx" ON "listings" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "listings_rights_idx" ON "listings" USING gin ("rights_available");--> statement-breakpoint
CREATE INDEX "listings_territory_idx" ON "listings" USING gin ("territory");--> statement-breakpoint
CREATE INDEX "listings_search_idx" ON "listings" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "favourites_listing_idx" ON "favourites" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "activity_events_user_idx" ON "activity_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "activity_events_listing_idx" ON "activity_events" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "search_events_user_idx" ON "search_events" USING btree ("user_id","created_at");