import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, errorResponses, notFound } from '@/shared/errors';
import { idOrNotFound } from '@/shared/ids';
import { requireSignedIn, requireUser } from '@/server/plugins/session';
import {
  SAVED_SEARCH_LIMIT,
  SavedSearchBodySchema,
  SavedSearchSchema,
  SavedSearchUpdateSchema,
  UnsubscribeQuerySchema,
  type SavedSearch,
  type SavedSearchQuery,
} from '../saved-searches.schema';
import { savedSearches } from './saved-searches.tables';
import { hashToken, unsubscribeToken } from './unsubscribe-token';

const NOT_FOUND = 'Saved search not found';
const UNSUBSCRIBED = 'You will no longer receive alerts for this saved search';

const toSavedSearch = (row: typeof savedSearches.$inferSelect): SavedSearch => ({
  id: row.id,
  name: row.name,
  query: row.query as SavedSearchQuery,
  frequency: row.frequency as SavedSearch['frequency'],
  createdAt: row.createdAt.toISOString(),
});

/** Only the set filters are kept, so equal searches are stored alike. */
function compactQuery(query: SavedSearchQuery): SavedSearchQuery {
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
  ) as SavedSearchQuery;
}

/** One-click unsubscribe from an email (RFC 8058 sends POST; a click in a mail reader GET). */
const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  const unsubscribe = async (token: string) => {
    const updated = await app.db
      .update(savedSearches)
      .set({ frequency: 'off' })
      .where(eq(savedSearches.unsubscribeTokenHash, hashToken(token)))
      .returning({ id: savedSearches.id });
    if (updated.length === 0) throw notFound('This unsubscribe link is not valid');
    return { message: UNSUBSCRIBED };
  };
  const unsubscribeSchema = {
    tags: ['saved-searches'],
    summary: 'One-click unsubscribe from a saved search’s alerts (the token from the email)',
    querystring: UnsubscribeQuerySchema,
    response: { 200: z.object({ message: z.string() }), ...errorResponses(400, 404) },
  };
  app.get('/saved-searches/unsubscribe', { schema: unsubscribeSchema }, async (request) =>
    unsubscribe(request.query.token),
  );
  await app.register(async (scope) => {
    // RFC 8058: a mail reader's one-click POST sends `List-Unsubscribe=One-Click` as a form;
    // the token is in the URL, so the form is read and set aside (here only).
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, _body, done) => done(null, {}),
    );
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post('/saved-searches/unsubscribe', { schema: unsubscribeSchema }, async (request) =>
        unsubscribe(request.query.token),
      );
  });
};

export const savedSearchesRoutes: FastifyPluginAsyncZod = async (app) => {
  const params = z.object({ id: z.string() });
  const idOf = (raw: string) => idOrNotFound(raw, NOT_FOUND);

  app.get(
    '/saved-searches',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['saved-searches'],
        summary: 'Your saved catalogue searches',
        response: { 200: z.array(SavedSearchSchema), ...errorResponses(401) },
      },
    },
    async (request) => {
      const rows = await app.db
        .select()
        .from(savedSearches)
        .where(eq(savedSearches.userId, requireUser(request).id))
        .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
      return rows.map(toSavedSearch);
    },
  );

  app.post(
    '/saved-searches',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['saved-searches'],
        summary: 'Save a catalogue search; new matching listings are notified',
        body: SavedSearchBodySchema,
        response: { 201: SavedSearchSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const [{ saved }] = await app.db
        .select({ saved: count() })
        .from(savedSearches)
        .where(eq(savedSearches.userId, user.id));
      if (Number(saved) >= SAVED_SEARCH_LIMIT) {
        throw new AppError('CONFLICT', `You can save at most ${SAVED_SEARCH_LIMIT} searches`);
      }
      const row = await app.db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(savedSearches)
          .values({
            userId: user.id,
            name: request.body.name,
            query: compactQuery(request.body.query),
            frequency: request.body.frequency,
            // Replaced at once: the token is derived from the id.
            unsubscribeTokenHash: `pending-${crypto.randomUUID()}`,
          })
          .returning();
        const [updated] = await tx
          .update(savedSearches)
          .set({
            unsubscribeTokenHash: hashToken(
              unsubscribeToken(app.config.sessionSecret, inserted.id),
            ),
          })
          .where(eq(savedSearches.id, inserted.id))
          .returning();
        return updated;
      });
      return reply.code(201).send(toSavedSearch(row));
    },
  );

  app.patch(
    '/saved-searches/:id',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['saved-searches'],
        summary: 'Rename a saved search or change how often its alerts come',
        params,
        body: SavedSearchUpdateSchema,
        response: { 200: SavedSearchSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const [row] = await app.db
        .update(savedSearches)
        .set({
          ...(request.body.name ? { name: request.body.name } : {}),
          ...(request.body.frequency ? { frequency: request.body.frequency } : {}),
        })
        .where(
          and(eq(savedSearches.id, idOf(request.params.id)), eq(savedSearches.userId, user.id)),
        )
        .returning();
      if (!row) throw notFound(NOT_FOUND);
      return toSavedSearch(row);
    },
  );

  app.delete(
    '/saved-searches/:id',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['saved-searches'],
        summary: 'Delete a saved search',
        params,
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const deleted = await app.db
        .delete(savedSearches)
        .where(
          and(eq(savedSearches.id, idOf(request.params.id)), eq(savedSearches.userId, user.id)),
        )
        .returning({ id: savedSearches.id });
      if (deleted.length === 0) throw notFound(NOT_FOUND);
      return reply.code(204).send(null);
    },
  );

  await app.register(unsubscribeRoutes);
};
