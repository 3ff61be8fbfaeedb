import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET /images/covers/:id.svg — generated cover art (filled in by the seed work). */
export const coverRoutes: FastifyPluginAsyncZod = async () => {};
