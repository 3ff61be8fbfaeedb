import { paths } from '@/shared/paths';

export type ShareChannel = 'email' | 'linkedin' | 'twitter';

/** The listing's address on this site, as the share menu hands it out. */
export function listingShareUrl(origin: string, listingId: number): string {
  return `${origin}${paths.listing(listingId)}`;
}

/** Where each share channel sends the visitor; every link points at the listing URL. */
export function shareHref(
  channel: ShareChannel,
  listing: { title: string; author: string },
  url: string,
): string {
  const text = `${listing.title} by ${listing.author} on PageToScreen`;
  switch (channel) {
    case 'email':
      return `mailto:?subject=${encodeURIComponent(text)}&body=${encodeURIComponent(
        `Take a look at this title on PageToScreen: ${url}`,
      )}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`;
    case 'twitter':
      return `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`;
  }
}
