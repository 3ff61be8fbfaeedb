import { SITE_NAME, type PageMetadata } from './route-metadata';

/** The marker Vite keeps in index.html's <head> where the server puts the page's tags. */
export const HEAD_MARKER = '<!--app-head-->';

/** Path of the default share card (see share-image.ts). */
export const DEFAULT_SHARE_IMAGE_PATH = '/og-image.png';
export const DEFAULT_SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

/** An absolute URL for a site-relative path or an already absolute URL. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return pathOrUrl.startsWith('/') ? `${publicUrl}${pathOrUrl}` : `${publicUrl}/${pathOrUrl}`;
}

/** The <title>, meta, Open Graph, Twitter card and canonical tags of one page. */
export function renderHeadTags(metadata: PageMetadata, publicUrl: string): string {
  const canonical = absoluteUrl(publicUrl, metadata.canonicalPath);
  const image = absoluteUrl(publicUrl, metadata.image ?? DEFAULT_SHARE_IMAGE_PATH);
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(metadata.title)}</title>`,
    meta('name', 'description', metadata.description),
    meta('name', 'keywords', [...new Set(metadata.keywords)].join(', ')),
    ...(metadata.isPrivate ? [meta('name', 'robots', 'noindex, nofollow')] : []),
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', 'en_GB'),
    meta('property', 'og:type', metadata.ogType),
    meta('property', 'og:title', metadata.title),
    meta('property', 'og:description', metadata.description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', image),
    ...(metadata.image
      ? []
      : [
          meta('property', 'og:image:width', String(DEFAULT_SHARE_IMAGE_SIZE.width)),
          meta('property', 'og:image:height', String(DEFAULT_SHARE_IMAGE_SIZE.height)),
        ]),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', metadata.title),
    meta('name', 'twitter:description', metadata.description),
    meta('name', 'twitter:image', image),
  ];
  return tags.join('\n    ');
}

export type HtmlRenderer = (metadata: PageMetadata) => string;

/**
 * Prepares the built index.html once: drops its placeholder <title> and splits it at the
 * head marker, so each request only joins three strings.
 */
export function createHtmlRenderer(template: string, publicUrl: string): HtmlRenderer {
  const withoutTitle = template.replace(/<title>[^<]*<\/title>\s*/i, '');
  let markerAt = withoutTitle.indexOf(HEAD_MARKER);
  let markerLength = HEAD_MARKER.length;
  if (markerAt === -1) {
    markerAt = withoutTitle.search(/<\/head>/i);
    markerLength = 0;
  }
  if (markerAt === -1) throw new Error('index.html has no <head> to put the page metadata in');
  const before = withoutTitle.slice(0, markerAt);
  const after = withoutTitle.slice(markerAt + markerLength);
  return (metadata) => `${before}${renderHeadTags(metadata, publicUrl)}${after}`;
}
