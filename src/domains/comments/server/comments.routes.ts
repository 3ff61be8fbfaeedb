import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePremium } from '@/domains/membership/server';
import { requireUser } from '@/server/plugins/session';
import { errorResponses, notFound } from '@/shared/errors';
import { parseId } from '@/shared/ids';
import { COMMENT_MESSAGES, COMMENT_POSTS_PER_MINUTE } from '../comments.constants';
import {
  CommentDeletedResponseSchema,
  CommentLikeResponseSchema,
  CommentListingParamsSchema,
  CommentParamsSchema,
  CommentReportedResponseSchema,
  CommentResponseSchema,
  CommentThreadsPageSchema,
  CommentThreadsQuerySchema,
  CreateCommentBodySchema,
  ReportCommentBodySchema,
  UpdateCommentBodySchema,
} from '../comments.schema';
import { createComment } from './create-comment';
import { deleteComment } from './delete-comment';
import { findListingComments } from './find-listing-comments';
import { reportComment } from './report-comment';
import { toggleCommentLike } from './toggle-comment-like';
import { updateComment } from './update-comment';

const TAGS = ['comments'];

/** Limits count per signed-in member (several people may share one office address). */
export const perMember = (request: FastifyRequest) =>
  request.user ? `member:${request.user.id}` : `ip:${request.ip}`;

const listingIdOf = (raw: string) => {
  const id = parseId(raw);
  if (id === null) throw notFound(COMMENT_MESSAGES.listingNotFound);
  return id;
};
const commentIdOf = (raw: string) => {
  const id = parseId(raw);
  if (id === null) throw notFound(COMMENT_MESSAGES.commentNotFound);
  return id;
};

/**
 * A listing's comments (part 1 sections 2-9): premium members, the listing's own agent and
 * admins (decision 011). Every route passes membership's one premium gate first (401 signed
 * out, 403 UPGRADE_REQUIRED for a free producer); the use case adds the listing's side.
 */
export const commentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/listings/:id/comments',
    {
      schema: {
        tags: TAGS,
        summary: "A page of a listing's comment threads (newest first), each with its replies",
        params: CommentListingParamsSchema,
        querystring: CommentThreadsQuerySchema,
        response: { 200: CommentThreadsPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = requirePremium(request, 'comments');
      return findListingComments(app.db, {
        viewer,
        listingId: listingIdOf(request.params.id),
        ...request.query,
        now: new Date(),
      });
    },
  );

  app.post(
    '/listings/:id/comments',
    {
      schema: {
        tags: TAGS,
        summary: 'Comment on a listing, or reply to a top-level comment (one level deep)',
        params: CommentListingParamsSchema,
        body: CreateCommentBodySchema,
        response: { 201: CommentResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
      config: {
        rateLimit: {
          max: COMMENT_POSTS_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: perMember,
        },
      },
    },
    async (request, reply) => {
      const author = requirePremium(request, 'comments');
      const comment = await createComment(app.db, {
        author,
        listingId: listingIdOf(request.params.id),
        body: request.body,
        now: new Date(),
      });
      return reply.status(201).send({ comment });
    },
  );

  app.put(
    '/comments/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Edit your own comment (marked as edited)',
        params: CommentParamsSchema,
        body: UpdateCommentBodySchema,
        response: { 200: CommentResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
      config: {
        rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: perMember },
      },
    },
    async (request) => {
      const editor = requirePremium(request, 'comments');
      const comment = await updateComment(app.db, {
        editor,
        commentId: commentIdOf(request.params.id),
        body: request.body,
        now: new Date(),
      });
      return { comment };
    },
  );

  app.delete(
    '/comments/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete your own comment (admins: anyone’s), with its replies',
        params: CommentParamsSchema,
        response: { 200: CommentDeletedResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      // No premium gate: an author may take back their words after their membership ends.
      const actor = requireUser(request);
      await deleteComment(app, { actor, commentId: commentIdOf(request.params.id) });
      return { deleted: true as const };
    },
  );

  app.post(
    '/comments/:id/like',
    {
      schema: {
        tags: TAGS,
        summary: 'Like a comment, or take your like back',
        params: CommentParamsSchema,
        response: { 200: CommentLikeResponseSchema, ...errorResponses(401, 403, 404, 429) },
      },
      config: {
        rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: perMember },
      },
    },
    async (request) => {
      const user = requirePremium(request, 'comments');
      return toggleCommentLike(app.db, {
        user,
        commentId: commentIdOf(request.params.id),
        now: new Date(),
      });
    },
  );

  app.post(
    '/comments/:id/report',
    {
      schema: {
        tags: TAGS,
        summary: 'Report a comment to the moderators (one open report per member)',
        params: CommentParamsSchema,
        body: ReportCommentBodySchema,
        response: {
          201: CommentReportedResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
      config: {
        rateLimit: { max: 20, timeWindow: '1 minute', keyGenerator: perMember },
      },
    },
    async (request, reply) => {
      const reporter = requirePremium(request, 'comments');
      await reportComment(app.db, {
        reporter,
        commentId: commentIdOf(request.params.id),
        reason: request.body?.reason,
        now: new Date(),
      });
      return reply.status(201).send({ reported: true as const });
    },
  );
};
