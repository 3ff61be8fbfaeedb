import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '@/server/plugins/session';
import { errorResponses, notFound } from '@/shared/errors';
import { parseId } from '@/shared/ids';
import { COMMENT_MESSAGES } from '../comments.constants';
import {
  AdminCommentsPageSchema,
  AdminCommentsQuerySchema,
  CommentDeletedResponseSchema,
  CommentParamsSchema,
  CommentStatsSchema,
  DismissedReportsResponseSchema,
} from '../comments.schema';
import { deleteComment } from './delete-comment';
import { dismissCommentReports } from './dismiss-comment-reports';
import { findAdminComments } from './find-admin-comments';
import { getCommentStats } from './get-comment-stats';

const TAGS = ['comments', 'admin'];

const commentIdOf = (raw: string) => {
  const id = parseId(raw);
  if (id === null) throw notFound(COMMENT_MESSAGES.commentNotFound);
  return id;
};

/** Comment moderation on /admin/comments (part 2 sections 2 and 7): administrators only. */
export const adminCommentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/comments',
    {
      schema: {
        tags: TAGS,
        summary: 'Every comment, newest first, 20 a page; by listing; or only the reported',
        querystring: AdminCommentsQuerySchema,
        response: { 200: AdminCommentsPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      requireRole(request, 'admin');
      const { page, limit, listingId, reported } = request.query;
      return findAdminComments(app.db, {
        page,
        limit,
        listingId: listingId === undefined ? null : Number(listingId),
        reportedOnly: reported === 'true',
      });
    },
  );

  app.get(
    '/admin/comments/stats',
    {
      schema: {
        tags: TAGS,
        summary: 'Comment totals, top commenters and most commented listings',
        response: { 200: CommentStatsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      requireRole(request, 'admin');
      return getCommentStats(app.db);
    },
  );

  app.delete(
    '/admin/comments/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Remove a comment and its replies (audited; its author is emailed)',
        params: CommentParamsSchema,
        response: { 200: CommentDeletedResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const admin = requireRole(request, 'admin');
      await deleteComment(app, {
        actor: admin,
        commentId: commentIdOf(request.params.id),
        isModeration: true,
      });
      return { deleted: true as const };
    },
  );

  app.post(
    '/admin/comments/:id/dismiss-reports',
    {
      schema: {
        tags: TAGS,
        summary: 'Keep a reported comment: close its open reports (audited)',
        params: CommentParamsSchema,
        response: { 200: DismissedReportsResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const admin = requireRole(request, 'admin');
      return dismissCommentReports(app.db, {
        admin,
        commentId: commentIdOf(request.params.id),
        now: new Date(),
      });
    },
  );
};
