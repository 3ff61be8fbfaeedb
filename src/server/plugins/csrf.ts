import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '@/shared/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Requests authenticated by their own signature, not by the cookie. */
const EXEMPT_PATHS = new Set(['/api/payments/stripe/webhook']);

/**
 * Refuses cross-site state-changing requests (DESIGN.md): the browser tells us where a
 * request comes from with Sec-Fetch-Site and Origin. A client outside the browser that
 * sends our own origin needs no other token.
 */
export const csrfPlugin = fp(async (app: FastifyInstance, options: { publicUrl: string }) => {
  const publicOrigin = new URL(options.publicUrl).origin;

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const pathname = request.url.split('?')[0];
    if (!pathname.startsWith('/api/') || EXEMPT_PATHS.has(pathname)) return;

    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const ownOrigin = `${request.protocol}://${request.host}`;
    const refused = () =>
      new AppError('FORBIDDEN', 'Cross-site request refused', { extra: { csrf: true } });

    if (typeof fetchSite === 'string' && fetchSite !== 'same-origin' && fetchSite !== 'none') {
      throw refused();
    }
    if (typeof origin === 'string') {
      if (origin !== publicOrigin && origin !== ownOrigin) throw refused();
      return;
    }
    // No Origin and no Sec-Fetch-Site: not a browser. Without a session cookie there is
    // nothing to forge; with one, insist on the Origin header.
    if (!fetchSite && request.cookies.pts_session) throw refused();
  });
});
