import { createHash } from 'node:crypto';
import sharp from 'sharp';

/** Rendered PNGs kept in memory, newest last; a cover's SVG text is its key, so edits show. */
const CACHE_LIMIT = 500;
const cache = new Map<string, Promise<Buffer>>();

/**
 * A cover SVG as an 800-pixel-wide PNG (twice the SVG's size, sharp on retina previews).
 * Link previews need a raster image; rendering takes ~20 ms, so results are cached (LRU).
 */
export function rasteriseCover(svg: string): Promise<Buffer> {
  const key = createHash('sha256').update(svg).digest('base64url');
  const cached = cache.get(key);
  if (cached) {
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const rendered = sharp(Buffer.from(svg), { density: 144 })
    .png({ compressionLevel: 9, palette: false })
    .toBuffer();
  cache.set(key, rendered);
  rendered.catch(() => cache.delete(key));
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  return rendered;
}

/**
 * The image a link preview of a listing should show: the PNG of a generated cover, an
 * uploaded raster cover as it is, nothing for other SVGs (the site's share card is used).
 */
export function shareImageOf(coverImageUrl: string | null): string | undefined {
  if (!coverImageUrl) return undefined;
  const generated = /^\/images\/covers\/(\d+)\.svg$/.exec(coverImageUrl);
  if (generated) return `/images/covers/${generated[1]}.png`;
  return /\.svg(\?|$)/i.test(coverImageUrl) ? undefined : coverImageUrl;
}
