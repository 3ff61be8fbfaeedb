import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const trackingRoutes: FastifyPluginAsyncZod = async () => {};
