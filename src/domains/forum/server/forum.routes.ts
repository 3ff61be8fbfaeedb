import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@/shared/errors';
import { IdParamSchema, parseId } from '@/shared/ids';
import { requireRole } from '@/server/plugins/session';
import type { RoomRoutesOptions } from '@/server/room-module';
import { FORUM_RATE_LIMITS } from '../forum.constants';
import {
  AcceptedReplyBodySchema,
  CreateForumPostBodySchema,
  DeletedSchema,
  ForumLikeBodySchema,
  ForumLikeResultSchema,
  ForumPostListSchema,
  ForumPostSchema,
  ForumReplyBodySchema,
  ForumReplyListSchema,
  ForumReplySchema,
  ForumReportBodySchema,
  ForumReportListSchema,
  ForumViewResultSchema,
  ListForumPostsQuerySchema,
  ListForumRepliesQuerySchema,
  ListForumReportsQuerySchema,
  LockBodySchema,
  StickyBodySchema,
  UpdateForumPostBodySchema,
} from '../forum.schema';
import { createForumPost } from './create-forum-post';
import { createForumReply } from './create-forum-reply';
import { deleteForumPost, deleteForumReply } from './delete-forum-content';
import { editForumPost, editForumReply } from './edit-forum-content';
import { findForumPosts } from './find-forum-posts';
import { findForumReplies } from './find-forum-replies';
import { dismissForumReport, findForumReports, reportForumContent } from './forum-reports';
import { getForumPost } from './get-forum-post';
import { setForumPostFlag } from './moderate-forum-post';
import { recordForumView } from './record-forum-view';
import { requireForumAccess } from './require-forum-access';
import { setAcceptedReply } from './set-accepted-reply';
import { toggleForumLike } from './toggle-forum-like';

const tags = ['forum'];

/** The Fastify instance a plugin receives (Zod types on every route). */
type App = Parameters<FastifyPluginAsyncZod>[0];
const IdParams = z.object({ id: IdParamSchema });
const ReportStatusSchema = z.object({
  id: z.number().int(),
  status: z.enum(['open', 'dismissed']),
});

/** Per person, not per address (an office shares one address). */
const perUser = (bucket: string, limit: { max: number; timeWindow: string }) => ({
  rateLimit: {
    ...limit,
    keyGenerator: (request: FastifyRequest) => `${bucket}:${request.user?.id ?? request.ip}`,
  },
});

/** The member-facing forum: every route needs forum access (part 2 section 6). */
const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => void requireForumAccess(request));

  registerPostRoutes(app);
  registerReplyRoutes(app);
  registerModerationRoutes(app);
  registerReplyAndReactionRoutes(app);
};

/** Discussions: list, start, read, edit and delete. */
function registerPostRoutes(app: App): void {
  app.get(
    '/forum/posts',
    {
      schema: {
        tags,
        summary: 'Discussions, pinned first then most recently active; category and search',
        querystring: ListForumPostsQuerySchema,
        response: { 200: ForumPostListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) =>
      findForumPosts(app.db, { ...request.query, viewerId: requireForumAccess(request).id }),
  );

  app.post(
    '/forum/posts',
    {
      config: perUser('forum-posts', FORUM_RATE_LIMITS.posts),
      schema: {
        tags,
        summary: 'Start a discussion',
        body: CreateForumPostBodySchema,
        response: { 201: ForumPostSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const user = requireForumAccess(request);
      const post = await createForumPost(app.db, { ...request.body, authorId: user.id });
      return reply.status(201).send(post);
    },
  );

  app.get(
    '/forum/posts/:id',
    {
      schema: {
        tags,
        summary: 'One discussion',
        params: IdParams,
        response: { 200: ForumPostSchema, ...errorResponses(401, 403, 404) },
      },
    },
    (request) =>
      getForumPost(app.db, {
        viewerId: requireForumAccess(request).id,
        postId: parseId(request.params.id),
      }),
  );

  app.put(
    '/forum/posts/:id',
    {
      config: perUser('forum-edits', FORUM_RATE_LIMITS.replies),
      schema: {
        tags,
        summary: 'The author edits their discussion',
        params: IdParams,
        body: UpdateForumPostBodySchema,
        response: { 200: ForumPostSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    (request) =>
      editForumPost(app.db, {
        ...request.body,
        userId: requireForumAccess(request).id,
        postId: parseId(request.params.id),
      }),
  );

  app.delete(
    '/forum/posts/:id',
    {
      schema: {
        tags,
        summary: 'The author (or an admin) deletes a discussion with its replies',
        params: IdParams,
        response: { 200: DeletedSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await deleteForumPost(app, {
        actor: requireForumAccess(request),
        postId: parseId(request.params.id),
      });
      return { deleted: true as const };
    },
  );
}

/** A discussion's replies and its view count. */
function registerReplyRoutes(app: App): void {
  app.get(
    '/forum/posts/:id/replies',
    {
      schema: {
        tags,
        summary: "A discussion's replies, oldest first",
        params: IdParams,
        querystring: ListForumRepliesQuerySchema,
        response: { 200: ForumReplyListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) =>
      findForumReplies(app.db, {
        ...request.query,
        viewerId: requireForumAccess(request).id,
        postId: parseId(request.params.id),
      }),
  );

  app.post(
    '/forum/posts/:id/replies',
    {
      config: perUser('forum-replies', FORUM_RATE_LIMITS.replies),
      schema: {
        tags,
        summary: 'Reply to a discussion (409 when it is locked)',
        params: IdParams,
        body: ForumReplyBodySchema,
        response: { 201: ForumReplySchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const created = await createForumReply(app.db, {
        authorId: requireForumAccess(request).id,
        postId: parseId(request.params.id),
        content: request.body.content,
      });
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/forum/posts/:id/view',
    {
      schema: {
        tags,
        summary: 'Count a view (once per viewer per UK day)',
        params: IdParams,
        response: { 200: ForumViewResultSchema, ...errorResponses(401, 403, 404) },
      },
    },
    (request) =>
      recordForumView(app.db, {
        userId: requireForumAccess(request).id,
        postId: parseId(request.params.id),
      }),
  );
}

/** The accepted answer (its author), and pinning and locking (admins). */
function registerModerationRoutes(app: App): void {
  app.post(
    '/forum/posts/:id/accepted-reply',
    {
      schema: {
        tags,
        summary: "The discussion's author marks (or clears) the accepted answer",
        params: IdParams,
        body: AcceptedReplyBodySchema,
        response: { 200: ForumPostSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) =>
      setAcceptedReply(app.db, {
        userId: requireForumAccess(request).id,
        postId: parseId(request.params.id),
        replyId: request.body.replyId,
      }),
  );

  for (const [path, flag, bodySchema, summary] of [
    ['sticky', 'isSticky', StickyBodySchema, 'An admin pins or unpins a discussion'],
    ['lock', 'isLocked', LockBodySchema, 'An admin locks or unlocks a discussion'],
  ] as const) {
    app.post(
      `/forum/posts/:id/${path}`,
      {
        schema: {
          tags,
          summary,
          params: IdParams,
          body: bodySchema,
          response: { 200: ForumPostSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      (request) =>
        setForumPostFlag(app.db, {
          actorId: requireRole(request, 'admin').id,
          postId: parseId(request.params.id),
          flag,
          value: (request.body as Record<typeof flag, boolean>)[flag],
        }),
    );
  }
}

/** Editing and deleting a reply, likes and reports. */
function registerReplyAndReactionRoutes(app: App): void {
  app.put(
    '/forum/replies/:id',
    {
      config: perUser('forum-edits', FORUM_RATE_LIMITS.replies),
      schema: {
        tags,
        summary: 'The author edits their reply',
        params: IdParams,
        body: ForumReplyBodySchema,
        response: { 200: ForumReplySchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    (request) =>
      editForumReply(app.db, {
        userId: requireForumAccess(request).id,
        replyId: parseId(request.params.id),
        content: request.body.content,
      }),
  );

  app.delete(
    '/forum/replies/:id',
    {
      schema: {
        tags,
        summary: 'The author (or an admin) deletes a reply',
        params: IdParams,
        response: { 200: DeletedSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await deleteForumReply(app, {
        actor: requireForumAccess(request),
        replyId: parseId(request.params.id),
      });
      return { deleted: true as const };
    },
  );

  app.post(
    '/forum/like',
    {
      schema: {
        tags,
        summary: 'Like a post or a reply, or take the like back (toggle)',
        body: ForumLikeBodySchema,
        response: { 200: ForumLikeResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => {
      const { postId, replyId } = request.body;
      return toggleForumLike(app.db, {
        userId: requireForumAccess(request).id,
        target: replyId !== undefined ? { replyId } : { postId: postId! },
      });
    },
  );

  app.post(
    '/forum/reports',
    {
      config: perUser('forum-reports', FORUM_RATE_LIMITS.reports),
      schema: {
        tags,
        summary: 'Report a post or a reply to the administrators',
        body: ForumReportBodySchema,
        response: { 201: ReportStatusSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const report = await reportForumContent(app.db, {
        ...request.body,
        reporterId: requireForumAccess(request).id,
      });
      return reply.status(201).send(report);
    },
  );
}

/** The admins' report queue. */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => void requireRole(request, 'admin'));

  app.get(
    '/admin/forum/reports',
    {
      schema: {
        tags,
        summary: 'Reported forum posts and replies (open by default)',
        querystring: ListForumReportsQuerySchema,
        response: { 200: ForumReportListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ reports: await findForumReports(app.db, request.query) }),
  );

  app.post(
    '/admin/forum/reports/:id/dismiss',
    {
      schema: {
        tags,
        summary: 'Dismiss a report (the content stays)',
        params: IdParams,
        response: { 200: ReportStatusSchema, ...errorResponses(401, 403, 404) },
      },
    },
    (request) =>
      dismissForumReport(app.db, {
        actorId: requireRole(request, 'admin').id,
        reportId: parseId(request.params.id),
      }),
  );
};

export const forumRoutes: FastifyPluginAsyncZod<RoomRoutesOptions> = async (app) => {
  await app.register(memberRoutes);
  await app.register(adminRoutes);
};
