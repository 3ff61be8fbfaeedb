import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Serves the built SPA with per-route metadata (filled in by the SEO work). */
export const spaPlugin = fp(async (_app: FastifyInstance) => {});
