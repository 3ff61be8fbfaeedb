import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '@/domains/accounts/server/accounts.tables';
import { tsvector } from '@/server/db/column-types';

export interface MediumDetails {
  publishedDate?: string;
  averageRating?: number;
  ratingsCount?: number;
  commercialIndicators?: { hasCommercialSales?: boolean; marketPresence?: string };
  [key: string]: unknown;
}

export interface TargetDemographic {
  ageRange?: string;
  gender?: string;
  income?: string;
  interests?: string[];
}

/**
 * One table for every listing field of both spec parts. Money is integer pence.
 * Where the two parts name one thing twice, one column serves both:
 * pages = pageCount, publishDate = publicationDate.
 */
export const listings = pgTable(
  'listings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agentId: integer('agent_id').references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    author: text('author').notNull(),
    synopsis: text('synopsis'),
    description: text('description'),
    logline: text('logline'),
    category: text('category'),
    subcategory: text('subcategory'),
    genre: text('genre'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** book, short_film, toy, game, screenplay, television, podcast, digital_content, comic, stage, other */
    medium: text('medium').notNull().default('book'),
    /** book, script, manuscript, podcast, article, other (agent form) */
    contentType: text('content_type').notNull().default('book'),
    format: text('format'),
    /** available | optioned | sold */
    status: text('status').notNull().default('available'),
    isFeatured: boolean('is_featured').notNull().default(false),
    coverImageUrl: text('cover_image_url'),
    galleryImages: text('gallery_images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    pages: integer('pages'),
    wordCount: integer('word_count'),
    publishDate: date('publish_date', { mode: 'string' }),
    publisher: text('publisher'),
    publicationStatus: text('publication_status'),
    isbn: text('isbn'),
    edition: text('edition'),
    rightsStatus: text('rights_status'),
    agentName: text('agent_name'),
    authorBio: text('author_bio'),
    targetAudience: text('target_audience'),
    contentRating: text('content_rating'),
    rightsAvailable: text('rights_available')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    territory: text('territory')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Keys (rights-grid.ts cellKeyOf) of the cells live deals hold (issue 29), written only by
     * setListingRightsTaken for the rights room: the status and the catalogue's avails filter
     * follow from it. Empty: every cell the listing offers is available.
     */
    rightsTaken: text('rights_taken')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** exclusive | non-exclusive | first-look */
    exclusivity: text('exclusivity'),
    previousAdaptations: boolean('previous_adaptations').notNull().default(false),
    adaptationDetails: text('adaptation_details'),
    suggestedOfferMin: integer('suggested_offer_min_pence'),
    suggestedOfferMax: integer('suggested_offer_max_pence'),
    askingPrice: bigint('asking_price_pence', { mode: 'number' }),
    minimumDeal: bigint('minimum_deal_pence', { mode: 'number' }),
    currency: text('currency').notNull().default('GBP'),
    royaltyPercentage: numeric('royalty_percentage', { precision: 4, scale: 1 }),
    negotiable: boolean('negotiable').notNull().default(true),
    salesFigures: text('sales_figures'),
    awards: text('awards'),
    reviews: text('reviews'),
    socialMediaPresence: text('social_media_presence'),
    attachedTalent: text('attached_talent'),
    productionCompanyInterest: text('production_company_interest'),
    marketingMaterials: boolean('marketing_materials').notNull().default(false),
    themes: text('themes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    keywords: text('keywords')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    comparableTitles: text('comparable_titles'),
    uniqueSellingPoints: text('unique_selling_points'),
    agentNotes: text('agent_notes'),
    targetDemographic: jsonb('target_demographic').$type<TargetDemographic>(),
    mediumDetails: jsonb('medium_details').$type<MediumDetails>(),
    /** Part 1 section 9: mean of genre, medium and AI score; drives the viability filter. */
    /**
     * The analysis engine's viability score (issue 15, part 1 section 9); null until the
     * analysis job has scored the listing, or when the engine has too little data to score it.
     */
    viabilityScore: integer('viability_score'),
    /** null: never asked; 'queued': waiting for the enrichment jobs (issue 17) to look it up. */
    enrichmentStatus: text('enrichment_status'),
    twitterMentions: integer('twitter_mentions'),
    twitterBuzzScore: integer('twitter_buzz_score'),
    twitterHasVerifiedMentions: boolean('twitter_has_verified_mentions'),
    twitterPublisherPromotion: boolean('twitter_publisher_promotion'),
    twitterBookClubMentions: integer('twitter_book_club_mentions'),
    youtubeTotalViews: bigint('youtube_total_views', { mode: 'number' }),
    youtubeVideoCount: integer('youtube_video_count'),
    youtubeAdaptationPotential: integer('youtube_adaptation_potential'),
    youtubePopularityScore: integer('youtube_popularity_score'),
    /** Full-text document: title, author, description and tags (see migration 0000). */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`listing_search_document(title, author, description, tags)`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('listings_agent_idx').on(t.agentId),
    index('listings_status_idx').on(t.status),
    index('listings_medium_idx').on(sql`lower(${t.medium})`),
    index('listings_featured_idx').on(t.isFeatured, t.createdAt),
    index('listings_offer_max_idx').on(t.suggestedOfferMax),
    index('listings_viability_idx').on(t.viabilityScore),
    index('listings_created_idx').on(t.createdAt, t.id),
    // Saved searches and mandates look for listings changed since their last run every few
    // seconds; without this each look read the whole table (1–2 s at 100,000, issue 33).
    index('listings_updated_idx').on(t.updatedAt),
    // GIN without the pending list (`fastupdate = off`): each write pays its own small index
    // insertion instead of an occasional merge of megabytes of pending entries, which on the
    // embedded database held the server's thread for 50–100 ms (decision 013, issue 15).
    index('listings_tags_idx').using('gin', t.tags).with({ fastupdate: false }),
    index('listings_rights_idx').using('gin', t.rightsAvailable).with({ fastupdate: false }),
    index('listings_territory_idx').using('gin', t.territory).with({ fastupdate: false }),
    index('listings_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
  ],
);

export type ListingRow = typeof listings.$inferSelect;
export type NewListingRow = typeof listings.$inferInsert;
