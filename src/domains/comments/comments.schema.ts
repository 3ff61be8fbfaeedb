import { z } from 'zod';
import { IdParamSchema } from '@/shared/ids';
import { safeString } from '@/shared/text';
import {
  ADMIN_COMMENTS_PAGE_SIZE,
  ADMIN_COMMENTS_PAGE_SIZE_MAX,
  COMMENT_MAX_LENGTH,
  COMMENT_MESSAGES,
  COMMENT_REPORT_REASON_MAX,
  COMMENT_THREADS_PAGE_SIZE,
  COMMENT_THREADS_PAGE_SIZE_MAX,
} from './comments.constants';

/** Whether a comment's text may be posted as it is: something other than spaces, not too long. */
export const isBlankComment = (value: string) => value.trim().length === 0;

/**
 * A comment, reply or edit (part 1 section 5): non-blank after trimming, at most 1000
 * characters. Stored exactly as written (not trimmed, never rewritten): the browser shows it as
 * text. The comment form and the routes both validate with this one schema.
 */
export const CommentContentSchema = safeString({ error: COMMENT_MESSAGES.contentRequired })
  .max(COMMENT_MAX_LENGTH, { error: COMMENT_MESSAGES.contentTooLong })
  .refine((value) => !isBlankComment(value), { error: COMMENT_MESSAGES.contentRequired });

export const CreateCommentBodySchema = z.object({
  content: CommentContentSchema,
  /** The top-level comment this one answers (absent for a new thread). */
  parentId: z.number().int().min(1).max(2_147_483_647).optional(),
});
export type CreateCommentBody = z.infer<typeof CreateCommentBodySchema>;

export const UpdateCommentBodySchema = z.object({ content: CommentContentSchema });
export type UpdateCommentBody = z.infer<typeof UpdateCommentBodySchema>;

export const ReportCommentBodySchema = z
  .object({
    reason: safeString()
      .max(COMMENT_REPORT_REASON_MAX, { error: COMMENT_MESSAGES.reasonTooLong })
      .optional(),
  })
  .optional();
export type ReportCommentBody = z.infer<typeof ReportCommentBodySchema>;

export const CommentListingParamsSchema = z.object({ id: IdParamSchema });
export const CommentParamsSchema = z.object({ id: IdParamSchema });

export const CommentThreadsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(COMMENT_THREADS_PAGE_SIZE_MAX)
    .default(COMMENT_THREADS_PAGE_SIZE),
});
export type CommentThreadsQuery = z.input<typeof CommentThreadsQuerySchema>;

export const CommentAuthorSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  role: z.string(),
});
export type CommentAuthor = z.infer<typeof CommentAuthorSchema>;

/**
 * A comment as part 1 section 3 names it (parentId absent for a top-level comment). A removed
 * comment that others answered stays as a placeholder: `isRemoved`, empty content, no author.
 */
export const CommentSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  isRemoved: z.boolean(),
  parentId: z.number().int().optional(),
  createdAt: z.string(),
  isEdited: z.boolean(),
  likeCount: z.number().int(),
  userHasLiked: z.boolean(),
  author: CommentAuthorSchema.nullable(),
});
export type Comment = z.infer<typeof CommentSchema>;

/** A top-level comment with its replies, oldest reply first. */
export const CommentThreadSchema = CommentSchema.extend({ replies: z.array(CommentSchema) });
export type CommentThread = z.infer<typeof CommentThreadSchema>;

/** One page of a listing's threads, newest thread first. */
export const CommentThreadsPageSchema = z.object({
  comments: z.array(CommentThreadSchema),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    /** Top-level threads in all. */
    total: z.number().int(),
    totalPages: z.number().int(),
    hasMore: z.boolean(),
  }),
});
export type CommentThreadsPage = z.infer<typeof CommentThreadsPageSchema>;

export const CommentResponseSchema = z.object({ comment: CommentSchema });
export const CommentLikeResponseSchema = z.object({
  likeCount: z.number().int(),
  userHasLiked: z.boolean(),
});
export type CommentLikeResponse = z.infer<typeof CommentLikeResponseSchema>;
export const CommentDeletedResponseSchema = z.object({ deleted: z.literal(true) });
export const CommentReportedResponseSchema = z.object({ reported: z.literal(true) });

// Admin (part 2 sections 2, 3, 5 and 7)

export const AdminCommentsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(ADMIN_COMMENTS_PAGE_SIZE_MAX)
    .default(ADMIN_COMMENTS_PAGE_SIZE),
  /** Only this listing's comments; must be a number (the route answers 400 otherwise). */
  listingId: z
    .string()
    .max(64)
    .refine((value) => /^\d{1,10}$/.test(value), { error: COMMENT_MESSAGES.listingIdNotNumber })
    .optional(),
  /** `true`: only comments with open reports, most reported first. */
  reported: z.enum(['true', 'false']).optional(),
});
export type AdminCommentsQuery = z.input<typeof AdminCommentsQuerySchema>;

export const AdminCommentSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  createdAt: z.string(),
  isEdited: z.boolean(),
  likeCount: z.number().int(),
  parentId: z.number().int().optional(),
  author: z.object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    role: z.string(),
    profileImageUrl: z.string().nullable(),
  }),
  listing: z.object({ id: z.number().int(), title: z.string(), author: z.string() }),
  /** Open reports waiting for a moderator. */
  reportCount: z.number().int(),
  /** Replies under a top-level comment: they stay, under a placeholder, if it is deleted. */
  replyCount: z.number().int(),
});
export type AdminComment = z.infer<typeof AdminCommentSchema>;

export const AdminCommentsPageSchema = z.object({
  comments: z.array(AdminCommentSchema),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  }),
});
export type AdminCommentsPage = z.infer<typeof AdminCommentsPageSchema>;

export const CommentStatsSchema = z.object({
  overview: z.object({
    totalComments: z.number().int(),
    commentsToday: z.number().int(),
    commentsThisWeek: z.number().int(),
    openReports: z.number().int(),
  }),
  topCommenters: z.array(
    z.object({
      authorId: z.number().int(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      role: z.string(),
      commentCount: z.number().int(),
    }),
  ),
  mostCommentedListings: z.array(
    z.object({
      listingId: z.number().int(),
      title: z.string(),
      author: z.string(),
      commentCount: z.number().int(),
    }),
  ),
});
export type CommentStats = z.infer<typeof CommentStatsSchema>;

export const DismissedReportsResponseSchema = z.object({ dismissed: z.number().int() });
