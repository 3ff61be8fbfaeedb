import { describe, expect, it } from 'vitest';
import { absoluteUrl, createHtmlRenderer, escapeHtml, renderHeadTags } from './render-head';
import { homeMetadata, type PageMetadata } from './route-metadata';

const PUBLIC_URL = 'https://pagetoscreen.example';

const TEMPLATE = `<html><head>
    <meta charset="UTF-8" />
    <!--app-head-->
    <title>PageToScreen</title>
    <script type="module" src="/assets/index-abc.js"></script>
  </head><body></body></html>`;

const hostile: PageMetadata = {
  title: `"><script>alert('x')</script>`,
  description: 'Fish & "chips" <b>',
  keywords: ['a<b', 'c&d'],
  canonicalPath: '/listing/1',
  ogType: 'article',
  image: '/images/covers/1.svg',
};

describe('[PLATFORM] head tags', () => {
  it('escapes every value', () => {
    const head = renderHeadTags(hostile, PUBLIC_URL);
    expect(head).not.toContain('<script>');
    expect(head).toContain(
      '<title>&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;</title>',
    );
    expect(head).toContain(
      '<meta name="description" content="Fish &amp; &quot;chips&quot; &lt;b&gt;" />',
    );
    expect(head).toContain('<meta name="keywords" content="a&lt;b, c&amp;d" />');
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });

  it('writes Open Graph, Twitter and canonical tags with absolute URLs', () => {
    const head = renderHeadTags(hostile, PUBLIC_URL);
    expect(head).toContain(`<link rel="canonical" href="${PUBLIC_URL}/listing/1" />`);
    expect(head).toContain(`<meta property="og:url" content="${PUBLIC_URL}/listing/1" />`);
    expect(head).toContain('<meta property="og:type" content="article" />');
    expect(head).toContain('<meta property="og:site_name" content="PageToScreen" />');
    expect(head).toContain(
      `<meta property="og:image" content="${PUBLIC_URL}/images/covers/1.svg" />`,
    );
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(head).toContain(
      `<meta name="twitter:image" content="${PUBLIC_URL}/images/covers/1.svg" />`,
    );
  });

  it('keeps absolute image URLs and anchors relative ones to the public URL', () => {
    expect(absoluteUrl(PUBLIC_URL, 'https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(absoluteUrl(PUBLIC_URL, '/a.png')).toBe(`${PUBLIC_URL}/a.png`);
    expect(absoluteUrl(PUBLIC_URL, '//evil.example/a.png')).toBe(
      `${PUBLIC_URL}//evil.example/a.png`,
    );
  });

  it('replaces the placeholder title and the marker in index.html', () => {
    const html = createHtmlRenderer(TEMPLATE, PUBLIC_URL)(homeMetadata);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(
      `<title>PageToScreen | Film &amp; TV Adaptation Rights Marketplace</title>`,
    );
    expect(html).not.toContain('<!--app-head-->');
    expect(html).toContain('<script type="module" src="/assets/index-abc.js"></script>');
    expect(html.indexOf('<title>')).toBeLessThan(html.indexOf('</head>'));
  });

  it('falls back to the end of <head> when the marker is missing', () => {
    const html = createHtmlRenderer(
      '<html><head><title>PageToScreen</title></head><body></body></html>',
      PUBLIC_URL,
    )(homeMetadata);
    expect(html).toMatch(/<head><title>PageToScreen \| Film[^<]*<\/title>[\s\S]*<\/head>/);
  });
});
