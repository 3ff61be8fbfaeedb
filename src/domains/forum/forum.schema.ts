/**
 * The forum's request and response shapes with the spec's messages (part 2 sections 3 and 8),
 * shared by the routes and the browser's forms.
 */
import { z } from 'zod';
import { safeString } from '@/shared/text';
import {
  FORUM_CATEGORY_VALUES,
  FORUM_LIMITS,
  POST_REQUIRED_MESSAGE,
  REPLY_REQUIRED_MESSAGE,
} from './forum.constants';

const notBlank = (value: string) => value.trim().length > 0;

export const ForumCategorySchema = z.enum(FORUM_CATEGORY_VALUES, {
  error: `category must be one of ${FORUM_CATEGORY_VALUES.join(', ')}`,
});

/**
 * Tags as typed: trimmed, empty ones dropped, repeats (ignoring case) dropped, first spelling
 * kept. The New Discussion form splits its comma-separated field with `splitTags`.
 */
export function normaliseTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    const key = tag.toLowerCase();
    if (tag.length === 0 || seen.has(key)) continue;
    seen.add(key);
    result.push(tag);
  }
  return result;
}

/** "casting, rights ,, casting" → ['casting', 'rights']. */
export const splitTags = (value: string): string[] => normaliseTags(value.split(','));

const TagsSchema = z
  .array(safeString({ error: 'Each tag must be text' }).max(200, { error: 'Tags are too long' }), {
    error: 'tags must be a list of words',
  })
  .max(50, { error: `Use at most ${FORUM_LIMITS.tagsMax} tags` })
  .default([])
  .transform(normaliseTags)
  .pipe(
    z
      .array(
        z.string().max(FORUM_LIMITS.tagMax, {
          error: `Each tag must be at most ${FORUM_LIMITS.tagMax} characters`,
        }),
      )
      .max(FORUM_LIMITS.tagsMax, { error: `Use at most ${FORUM_LIMITS.tagsMax} tags` }),
  );

const postTitle = safeString({ error: POST_REQUIRED_MESSAGE })
  .max(FORUM_LIMITS.titleMax, {
    error: `Title must be at most ${FORUM_LIMITS.titleMax} characters`,
  })
  .refine(notBlank, { error: POST_REQUIRED_MESSAGE });
const postContent = safeString({ error: POST_REQUIRED_MESSAGE })
  .max(FORUM_LIMITS.contentMax, {
    error: `Content must be at most ${FORUM_LIMITS.contentMax.toLocaleString('en-GB')} characters`,
  })
  .refine(notBlank, { error: POST_REQUIRED_MESSAGE });
const replyContent = safeString({ error: REPLY_REQUIRED_MESSAGE })
  .max(FORUM_LIMITS.replyMax, {
    error: `Reply must be at most ${FORUM_LIMITS.replyMax.toLocaleString('en-GB')} characters`,
  })
  .refine(notBlank, { error: REPLY_REQUIRED_MESSAGE });

/** POST /api/forum/posts. The title is trimmed; the content is kept exactly as written. */
export const CreateForumPostBodySchema = z.object({
  title: postTitle.transform((value) => value.trim()),
  content: postContent,
  category: ForumCategorySchema.default('general'),
  tags: TagsSchema,
});
export type CreateForumPostBody = z.input<typeof CreateForumPostBodySchema>;

/** PUT /api/forum/posts/{id}: the same fields and rules as a new post. */
export const UpdateForumPostBodySchema = CreateForumPostBodySchema;
export type UpdateForumPostBody = z.input<typeof UpdateForumPostBodySchema>;

/** POST /api/forum/posts/{id}/replies and PUT /api/forum/replies/{id}. */
export const ForumReplyBodySchema = z.object({ content: replyContent });
export type ForumReplyBody = z.input<typeof ForumReplyBodySchema>;

const page = z.coerce
  .number({ error: 'page must be a number' })
  .int({ error: 'page must be a whole number' })
  .min(1, { error: `page must be between 1 and ${FORUM_LIMITS.pageMax}` })
  .max(FORUM_LIMITS.pageMax, { error: `page must be between 1 and ${FORUM_LIMITS.pageMax}` })
  .default(1);
const limit = (fallback: number, max: number) =>
  z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: `limit must be between 1 and ${max}` })
    .max(max, { error: `limit must be between 1 and ${max}` })
    .default(fallback);

/** GET /api/forum/posts. `category=all` (or none) lists every category. */
export const ListForumPostsQuerySchema = z.object({
  category: z.union([ForumCategorySchema, z.literal('all')]).optional(),
  search: safeString()
    .max(FORUM_LIMITS.searchMax, {
      error: `Search must be at most ${FORUM_LIMITS.searchMax} characters`,
    })
    .optional(),
  page,
  limit: limit(FORUM_LIMITS.pageSize, FORUM_LIMITS.pageSizeMax),
});
export type ListForumPostsQuery = z.infer<typeof ListForumPostsQuerySchema>;

export const ListForumRepliesQuerySchema = z.object({
  page,
  limit: limit(FORUM_LIMITS.repliesPageSize, FORUM_LIMITS.repliesPageSizeMax),
});
export type ListForumRepliesQuery = z.infer<typeof ListForumRepliesQuerySchema>;

/** POST /api/forum/like: exactly one of postId and replyId. */
export const ForumLikeBodySchema = z
  .object({
    postId: z.number({ error: 'postId must be a number' }).int().positive().max(2_147_483_647),
    replyId: z.number({ error: 'replyId must be a number' }).int().positive().max(2_147_483_647),
  })
  .partial()
  .refine((body) => (body.postId === undefined) !== (body.replyId === undefined), {
    error: 'Give either postId or replyId',
  });
export type ForumLikeBody = z.infer<typeof ForumLikeBodySchema>;

export const ForumLikeResultSchema = z.object({
  likeCount: z.number().int(),
  userHasLiked: z.boolean(),
});
export type ForumLikeResult = z.infer<typeof ForumLikeResultSchema>;

export const ForumViewResultSchema = z.object({
  viewCount: z.number().int(),
  /** false when this viewer's view was already counted today */
  counted: z.boolean(),
});
export type ForumViewResult = z.infer<typeof ForumViewResultSchema>;

export const StickyBodySchema = z.object({
  isSticky: z.boolean({ error: 'isSticky must be true or false' }),
});
export const LockBodySchema = z.object({
  isLocked: z.boolean({ error: 'isLocked must be true or false' }),
});
export const AcceptedReplyBodySchema = z.object({
  replyId: z
    .number({ error: 'replyId must be a number or null' })
    .int()
    .positive()
    .max(2_147_483_647)
    .nullable(),
});
export type AcceptedReplyBody = z.infer<typeof AcceptedReplyBodySchema>;

/** POST /api/forum/reports: exactly one of postId and replyId, and an optional reason. */
export const ForumReportBodySchema = z
  .object({
    postId: z
      .number({ error: 'postId must be a number' })
      .int()
      .positive()
      .max(2_147_483_647)
      .optional(),
    replyId: z
      .number({ error: 'replyId must be a number' })
      .int()
      .positive()
      .max(2_147_483_647)
      .optional(),
    reason: safeString()
      .max(FORUM_LIMITS.reasonMax, {
        error: `Reason must be at most ${FORUM_LIMITS.reasonMax} characters`,
      })
      .optional(),
  })
  .refine((body) => (body.postId === undefined) !== (body.replyId === undefined), {
    error: 'Give either postId or replyId',
  });
export type ForumReportBody = z.infer<typeof ForumReportBodySchema>;

export const ForumAuthorSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  role: z.string(),
});
export type ForumAuthor = z.infer<typeof ForumAuthorSchema>;

/** A post's or reply's author: `verified` when an admin has verified them as a producer (issue 35). */
export const ForumContentAuthorSchema = ForumAuthorSchema.extend({ verified: z.boolean() });
export type ForumContentAuthor = z.infer<typeof ForumContentAuthorSchema>;

/** Part 2 section 3's forum post, plus what the page needs to offer the author's controls. */
export const ForumPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  author: ForumContentAuthorSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  lastActivityAt: z.string(),
  viewCount: z.number().int(),
  replyCount: z.number().int(),
  likeCount: z.number().int(),
  userHasLiked: z.boolean(),
  isSticky: z.boolean(),
  isLocked: z.boolean(),
  isEdited: z.boolean(),
  acceptedReplyId: z.number().int().nullable(),
  /** The signed-in user wrote it (may edit, delete and mark the answer). */
  isOwn: z.boolean(),
});
export type ForumPost = z.infer<typeof ForumPostSchema>;

export const ForumReplySchema = z.object({
  id: z.number().int(),
  postId: z.number().int(),
  content: z.string(),
  author: ForumContentAuthorSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  likeCount: z.number().int(),
  userHasLiked: z.boolean(),
  isEdited: z.boolean(),
  isAcceptedAnswer: z.boolean(),
  isOwn: z.boolean(),
});
export type ForumReply = z.infer<typeof ForumReplySchema>;

export const ForumPostListSchema = z.object({
  posts: z.array(ForumPostSchema),
  page: z.number().int(),
  limit: z.number().int(),
  /** Posts matching the category and search. */
  total: z.number().int(),
  totalPages: z.number().int(),
  /** Every post in the forum. */
  totalPosts: z.number().int(),
  /** Posts whose last activity is within the last 24 hours (part 2 section 9). */
  activeToday: z.number().int(),
});
export type ForumPostList = z.infer<typeof ForumPostListSchema>;

export const ForumReplyListSchema = z.object({
  replies: z.array(ForumReplySchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type ForumReplyList = z.infer<typeof ForumReplyListSchema>;

export const DeletedSchema = z.object({ deleted: z.literal(true) });

export const ForumReportSchema = z.object({
  id: z.number().int(),
  status: z.enum(['open', 'dismissed']),
  reason: z.string().nullable(),
  createdAt: z.string(),
  postId: z.number().int(),
  replyId: z.number().int().nullable(),
  /** The post's title, for the admin's list. */
  postTitle: z.string(),
  /** The reported text (the post's or the reply's). */
  excerpt: z.string(),
  reporter: ForumAuthorSchema,
  targetAuthor: ForumAuthorSchema,
});
export type ForumReport = z.infer<typeof ForumReportSchema>;

export const ForumReportListSchema = z.object({ reports: z.array(ForumReportSchema) });
export type ForumReportList = z.infer<typeof ForumReportListSchema>;

export const ListForumReportsQuerySchema = z.object({
  status: z.enum(['open', 'dismissed', 'all']).default('open'),
});
