import { describe, expect, it } from 'vitest';
import { listingShareUrl, shareHref } from './share-links';

const listing = { title: 'The Salt Road', author: 'Ada Quill' };
const url = listingShareUrl('https://pagetoscreen.example', 42);

describe('share links', () => {
  it('point at the listing page on this site', () => {
    expect(url).toBe('https://pagetoscreen.example/listings/42');
  });

  it('carry the listing URL to every channel', () => {
    const encoded = encodeURIComponent(url);
    expect(shareHref('email', listing, url)).toMatch(/^mailto:\?subject=/);
    expect(shareHref('email', listing, url)).toContain(encoded);
    expect(shareHref('linkedin', listing, url)).toBe(
      `https://www.linkedin.com/sharing/share-offsite/?url=${encoded}`,
    );
    expect(shareHref('twitter', listing, url)).toMatch(
      new RegExp(`^https://twitter\\.com/intent/tweet\\?url=${encoded.replace(/[.%]/g, '\\$&')}`),
    );
  });
});
