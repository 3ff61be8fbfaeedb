import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '@/domains/accounts/server/accounts.tables';
import { tsvector } from '@/server/db/column-types';

/**
 * Forum discussions. Counters (views, replies, likes) are kept in step by the forum's use
 * cases in the same transaction as the rows they count; lastActivityAt moves with each reply.
 */
export const forumPosts = pgTable(
  'forum_posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** general | technical | business | legal */
    category: text('category').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isSticky: boolean('is_sticky').notNull().default(false),
    isLocked: boolean('is_locked').notNull().default(false),
    isEdited: boolean('is_edited').notNull().default(false),
    viewCount: integer('view_count').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    /** The reply the post's author marked as the answer (no FK: replies reference posts). */
    acceptedReplyId: integer('accepted_reply_id'),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    /** The catalogue's word rule (migration 0000's function): title, tags, then content. */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`listing_search_document(title, '', content, tags)`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('forum_posts_list_idx').on(t.isSticky, t.lastActivityAt),
    index('forum_posts_category_idx').on(t.category, t.isSticky, t.lastActivityAt),
    index('forum_posts_author_idx').on(t.authorId),
    index('forum_posts_search_idx').using('gin', t.searchVector),
  ],
);

export const forumReplies = pgTable(
  'forum_replies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postId: integer('post_id')
      .notNull()
      .references(() => forumPosts.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    isEdited: boolean('is_edited').notNull().default(false),
    likeCount: integer('like_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('forum_replies_post_idx').on(t.postId, t.createdAt),
    index('forum_replies_author_idx').on(t.authorId),
  ],
);

export const forumPostLikes = pgTable(
  'forum_post_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => forumPosts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

export const forumReplyLikes = pgTable(
  'forum_reply_likes',
  {
    replyId: integer('reply_id')
      .notNull()
      .references(() => forumReplies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.replyId, t.userId] })],
);

/** One row per viewer per UK day: a post's view is counted once a day per person. */
export const forumPostViews = pgTable(
  'forum_post_views',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => forumPosts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId, t.day] })],
);

/** A member's report of a post or a reply, queued for admins until resolved. */
export const forumReports = pgTable(
  'forum_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postId: integer('post_id').references(() => forumPosts.id, { onDelete: 'cascade' }),
    replyId: integer('reply_id').references(() => forumReplies.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    /** open | dismissed; a removed post or reply takes its reports with it */
    status: text('status').notNull().default('open'),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('forum_reports_open_idx')
      .on(t.createdAt)
      .where(sql`status = 'open'`),
  ],
);
