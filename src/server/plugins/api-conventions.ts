import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { AppError } from '@/shared/errors';
import { UNAUTHENTICATED_MESSAGE } from './session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A write that answers 401 for another reason than a missing session (signing in: wrong
     * password), so it is not refused before its body is read.
     */
    signsIn?: boolean;
  }
}

/**
 * DESIGN.md's API conventions, applied once to every room's routes from the routes' own
 * schemas (issue 27), so a new route follows them without remembering to:
 * - a signed-out write to a route that declares a 401 answer gets that 401 before its input is
 *   read or validated (a bad body must not tell a stranger more than "sign in");
 * - a query parameter the route's querystring schema does not name is refused with 400 naming
 *   it (a typo such as `limt=5` silently gave 20 results);
 * - every list pages with `limit` and `offset`: a list written with `page` and `pageSize` (or
 *   `page` and `limit`) also takes `offset`, converted to its page, and says so in the OpenAPI.
 */

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Shape = Record<string, z.ZodType>;

/** The object schema's fields, or null when the schema is not a plain zod object. */
function shapeOf(schema: unknown): Shape | null {
  return schema instanceof z.ZodObject ? (schema.shape as Shape) : null;
}

const routeKey = (method: string, url: string) => `${method} ${url}`;

const offsetSchema = z.coerce
  .number({ error: 'offset must be a whole number, 0 or more' })
  .int({ error: 'offset must be a whole number, 0 or more' })
  .min(0, { error: 'offset must be a whole number, 0 or more' })
  .max(1_000_000, { error: 'offset must be at most 1000000' })
  .optional()
  .describe('How many items to skip (the paging convention of every list: limit and offset)');

interface PageFields {
  /** The list's own name for its page size: `pageSize` or `limit`. */
  size: 'pageSize' | 'limit';
}

/**
 * A `page`-paged list's querystring with `offset` (and `limit` for a `pageSize` list) added,
 * or null when the list already pages by offset or does not page.
 */
function withOffsetPaging(shape: Shape): { schema: z.ZodObject; paging: PageFields } | null {
  if (!('page' in shape) || 'offset' in shape) return null;
  const size = 'pageSize' in shape ? 'pageSize' : 'limit' in shape ? 'limit' : null;
  if (!size) return null;
  const added: Shape = { offset: offsetSchema };
  if (size === 'pageSize') {
    // Without pageSize's default, so an absent limit leaves pageSize (sent or defaulted) alone.
    const pageSize = shape.pageSize;
    added.limit = (pageSize instanceof z.ZodDefault ? (pageSize.unwrap() as z.ZodType) : pageSize)
      .optional()
      .describe('Items per page (the same as pageSize)');
  }
  return { schema: z.object({ ...shape, ...added }), paging: { size } };
}

/** Turns `offset` (and `limit`) into the page the list's handler reads. */
function toPage(request: FastifyRequest, paging: PageFields): void {
  const query = request.query as Record<string, unknown>;
  if (paging.size === 'pageSize' && query.limit !== undefined) query.pageSize = query.limit;
  if (query.offset === undefined) return;
  const size = Number(query[paging.size]);
  const offset = Number(query.offset);
  if (offset % size !== 0) {
    throw new AppError('VALIDATION', `offset must be a multiple of limit (${size}) on this list`, {
      fields: { offset: `Send a multiple of ${size}` },
    });
  }
  query.page = offset / size + 1;
}

function unknownParameters(request: FastifyRequest, allowed: ReadonlySet<string>): string[] {
  const query = request.query as Record<string, unknown> | undefined;
  return Object.keys(query ?? {}).filter((name) => !allowed.has(name));
}

export const apiConventionsPlugin = fp(async (app: FastifyInstance) => {
  /** Query parameters each API route takes, by "METHOD /url". */
  const queryNames = new Map<string, ReadonlySet<string>>();
  /** Writes that need a session: they declare a 401 answer. */
  const needsSession = new Set<string>();

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/') || route.schema?.hide) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    let shape: Shape | null = {};
    if (route.schema?.querystring !== undefined) shape = shapeOf(route.schema.querystring);
    const paged = shape ? withOffsetPaging(shape) : null;
    if (paged) {
      route.schema = { ...route.schema, querystring: paged.schema };
      shape = paged.schema.shape as Shape;
      const pageHook = async (request: FastifyRequest) => toPage(request, paged.paging);
      const own = route.preHandler;
      route.preHandler = [pageHook, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
    }
    const responses = (route.schema?.response ?? {}) as Record<string, unknown>;
    const declares401 = '401' in responses;
    for (const method of methods) {
      // A querystring that is not a plain object (a union, say) is left to its own schema.
      if (shape) queryNames.set(routeKey(method, route.url), new Set(Object.keys(shape)));
      if (WRITE_METHODS.has(method) && declares401 && !route.config?.signsIn) {
        needsSession.add(routeKey(method, route.url));
      }
    }
  });

  app.addHook('onRequest', async (request) => {
    const { method, url } = request.routeOptions;
    if (url && !request.user && needsSession.has(routeKey(method as string, url))) {
      throw new AppError('UNAUTHENTICATED', UNAUTHENTICATED_MESSAGE);
    }
  });

  app.addHook('preValidation', async (request) => {
    const { method, url } = request.routeOptions;
    const allowed = url ? queryNames.get(routeKey(method as string, url)) : undefined;
    if (!allowed) return;
    const unknown = unknownParameters(request, allowed);
    if (unknown.length === 0) return;
    const takes = allowed.size ? `it takes ${[...allowed].join(', ')}` : 'it takes none';
    throw new AppError(
      'VALIDATION',
      `Unknown query parameter${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}: ${takes}`,
      {
        fields: Object.fromEntries(unknown.map((name) => [name, 'Unknown query parameter'])),
      },
    );
  });
});
