import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { getListingPreview } from './seo/get-listing-preview';
import { createHtmlRenderer, type HtmlRenderer } from './seo/render-head';
import {
  homeMetadata,
  listingMetadata,
  resolvePage,
  type PageMetadata,
} from './seo/route-metadata';
import { seoRoutes } from './seo/seo.routes';

export interface SpaPluginOptions {
  /** Folder of the built SPA; `dist/web` under the working directory by default. */
  webRoot?: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT_CACHE = 'public, max-age=3600';
const NOT_BUILT_MESSAGE =
  'The PageToScreen web app has not been built yet. Run `npm run build`, then start the server again.\n';

/** /api and /api/... belong to the JSON API, never to the SPA. */
function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** A path whose last segment has an extension asks for a file, not a page. */
function looksLikeFile(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return /\.[a-z0-9]+$/i.test(last);
}

interface PageAnswer {
  status: 200 | 404;
  metadata: PageMetadata;
}

/**
 * Serves the built SPA: hashed assets with long-lived caching, and index.html for every
 * other GET with the page's metadata (title, description, Open Graph, Twitter, canonical)
 * injected on the server, so link previews and crawlers see it without running scripts.
 * Also registers robots.txt, the sitemaps and the default share image.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, options: SpaPluginOptions) => {
    const webRoot = path.resolve(options.webRoot ?? 'dist/web');
    await app.register(seoRoutes);

    // Read once: index.html does not change for the life of a build.
    const template = await readFile(path.join(webRoot, 'index.html'), 'utf8').catch(() => null);
    const render: HtmlRenderer | null = template
      ? createHtmlRenderer(template, app.config.publicUrl)
      : null;
    if (!render) {
      app.log.warn({ webRoot }, 'web app not built: pages answer 503 until `npm run build`');
    }

    if (existsSync(webRoot)) {
      await app.register(fastifyStatic, {
        root: webRoot,
        // One route per built file, so unknown paths fall through to the page handler below.
        wildcard: false,
        index: false,
        globIgnore: ['index.html'],
        decorateReply: false,
        cacheControl: false,
        setHeaders: (reply, filePath) => {
          const relative = path.relative(webRoot, filePath).split(path.sep).join('/');
          // Vite puts content-hashed files under assets/; their name changes with their content.
          reply.header('cache-control', relative.startsWith('assets/') ? IMMUTABLE : SHORT_CACHE);
        },
      });
    }

    async function answerFor(pathname: string): Promise<PageAnswer> {
      const page = resolvePage(pathname);
      if (page.kind === 'page') return { status: 200, metadata: page.metadata };
      if (page.kind === 'listing' && page.listingId !== null) {
        const listing = await getListingPreview(app.db, page.listingId);
        if (listing) return { status: 200, metadata: listingMetadata(listing, page.listingId) };
      }
      // The SPA renders its 'Listing Not Found' or 404 page; crawlers get the status.
      return { status: 404, metadata: homeMetadata };
    }

    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const pathname = request.url.split('?')[0];
      if (pathname === '/index.html') return reply.redirect('/', 301);
      if (isApiPath(pathname) || looksLikeFile(pathname)) return reply.callNotFound();
      if (!render) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(NOT_BUILT_MESSAGE);
      }
      const { status, metadata } = await answerFor(pathname);
      return reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(render(metadata));
    });
  },
  { name: 'spa' },
);
