import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const favouritesRoutes: FastifyPluginAsyncZod = async () => {};
