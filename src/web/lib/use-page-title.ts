import { useEffect } from 'react';

export const SITE_NAME = 'PageToScreen';
/** The home page's title (as the server's metadata has it); also the fallback. */
export const DEFAULT_PAGE_TITLE = `${SITE_NAME} | Film & TV Adaptation Rights Marketplace`;

/** "Terms of Use" → "Terms of Use | PageToScreen", the server's metadata style. */
export function pageTitle(title?: string | null): string {
  return title ? `${title} | ${SITE_NAME}` : DEFAULT_PAGE_TITLE;
}

/**
 * Sets document.title to exactly `fullTitle` while the calling page is shown, then puts
 * the home title back (pages that set none get the home metadata, as on the server).
 */
export function useDocumentTitle(fullTitle: string): void {
  useEffect(() => {
    document.title = fullTitle;
    return () => {
      document.title = DEFAULT_PAGE_TITLE;
    };
  }, [fullTitle]);
}

/**
 * Keeps the tab title in step with the server-rendered metadata on client-side
 * navigation: `usePageTitle('Terms of Use')`; no title means the home title.
 */
export function usePageTitle(title?: string | null): void {
  useDocumentTitle(pageTitle(title));
}
