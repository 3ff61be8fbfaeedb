import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '@/shared/errors';
import { robotsTxt } from './robots';
import { defaultShareImage } from './share-image';
import { DEFAULT_SHARE_IMAGE_PATH } from './render-head';
import {
  findSitemapChunks,
  fullSitemap,
  listingsSitemap,
  needsSitemapIndex,
  pagesSitemap,
  sitemapIndex,
} from './sitemap';

const XML = 'application/xml; charset=utf-8';
const ONE_HOUR = 'public, max-age=3600';
/** Crawler files: out of the API docs; the only error they answer is our 500. */
const hidden = { schema: { hide: true, response: errorResponses(500) } };

/** robots.txt, the sitemaps and the default share image (outside /api, for crawlers). */
export async function seoRoutes(app: FastifyInstance): Promise<void> {
  const { publicUrl } = app.config;

  app.get('/robots.txt', hidden, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', ONE_HOUR)
      .send(robotsTxt(publicUrl)),
  );

  app.get('/sitemap.xml', hidden, async (_request, reply) => {
    // More listings than one file holds: an index of the pages file and the listing files.
    const body = (await needsSitemapIndex(app.db))
      ? sitemapIndex(publicUrl, await findSitemapChunks(app.db))
      : Readable.from(fullSitemap(app.db, publicUrl));
    return reply.type(XML).header('cache-control', ONE_HOUR).send(body);
  });

  app.get('/sitemap-pages.xml', hidden, async (_request, reply) =>
    reply.type(XML).header('cache-control', ONE_HOUR).send(pagesSitemap(publicUrl)),
  );

  app.get<{ Params: { chunk: string } }>(
    '/sitemap-listings-:chunk.xml',
    { schema: { hide: true, response: errorResponses(404, 500) } },
    async (request, reply) => {
      const chunk = /^[1-9]\d{0,5}$/.test(request.params.chunk)
        ? Number(request.params.chunk)
        : null;
      if (chunk === null) return reply.callNotFound();
      return reply
        .type(XML)
        .header('cache-control', ONE_HOUR)
        .send(Readable.from(listingsSitemap(app.db, publicUrl, chunk)));
    },
  );

  app.get(DEFAULT_SHARE_IMAGE_PATH, hidden, async (_request, reply) =>
    reply
      .type('image/png')
      .header('cache-control', 'public, max-age=86400')
      .send(await defaultShareImage()),
  );
}
