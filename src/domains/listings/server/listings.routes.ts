import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const listingsRoutes: FastifyPluginAsyncZod = async () => {};
