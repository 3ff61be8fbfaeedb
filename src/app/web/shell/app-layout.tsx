import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { DemoBanner } from './demo-banner';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * The page frame: skip link, header with navigation, the page (inside the one <main>
 * landmark, so pages render sections, not <main>), footer.
 */
export function AppLayout() {
  const isNavigating = useNavigation().state === 'loading';
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only rounded-md bg-white px-4 py-2 font-medium text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      {isNavigating ? (
        <div
          aria-hidden="true"
          className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-brand-600"
        />
      ) : null}
      <DemoBanner />
      <SiteHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}

/**
 * Shown while the router loads the first page's code: the header's outline, so the page
 * does not jump when it arrives.
 */
export function AppHydrateFallback() {
  return (
    <div className="min-h-screen" aria-busy="true">
      <div className="h-16 border-b border-line bg-white" />
    </div>
  );
}
