import { privateRoutePrefixes } from './route-metadata';

/** robots.txt: crawl everything public; keep out of the API and private pages. */
export function robotsTxt(publicUrl: string): string {
  const disallowed = ['/api/', ...privateRoutePrefixes()];
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowed.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
