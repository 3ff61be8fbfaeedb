import { isRouteErrorResponse, Link, useLocation, useNavigate, useRouteError } from 'react-router';
import { Clapperboard, RefreshCw, TriangleAlert } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { usePageTitle } from '@/web/lib/use-page-title';
import { paths } from '@/shared/paths';
import { NotFoundContent } from './not-found-content';

const ERROR_TITLE = 'Something went wrong';

/** The generic error screen with the spec's two buttons; "Try Again" re-runs the route. */
function ErrorMessage({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center px-4 py-16 text-center">
      <TriangleAlert className="h-12 w-12 text-red-600" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-bold text-ink">{ERROR_TITLE}</h1>
      <p className="mt-2 max-w-md text-sm text-ink-muted">
        An unexpected error occurred. Please try again, or refresh the page.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button variant="outline" onClick={() => window.location.reload()}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" />
          Refresh Page
        </Button>
        <Button onClick={onRetry}>Try Again</Button>
      </div>
    </div>
  );
}

/**
 * The router's errorElement. It replaces the whole layout, so it brings its own minimal
 * header and <main>. A 404 thrown by a route shows the not-found page instead.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  usePageTitle(isNotFound ? 'Page Not Found' : ERROR_TITLE);

  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-line bg-white">
        <div className="mx-auto flex h-16 max-w-7xl items-center px-4 sm:px-6 lg:px-8">
          <Link
            to={paths.home}
            className="flex items-center gap-2 rounded-md text-lg font-bold text-ink"
          >
            <Clapperboard className="h-6 w-6 text-brand-700" aria-hidden="true" />
            PageToScreen
          </Link>
        </div>
      </header>
      <main id="main-content" className="flex-1">
        {isNotFound ? (
          <NotFoundContent />
        ) : (
          <ErrorMessage
            onRetry={() => {
              // A page whose code failed to download stays failed inside the router, so
              // only a fresh load can fetch it again.
              if (isChunkLoadError(error)) {
                window.location.reload();
                return;
              }
              // Navigating to the same address runs the route again and clears the error.
              navigate(
                { pathname: location.pathname, search: location.search, hash: location.hash },
                { replace: true },
              );
            }}
          />
        )}
      </main>
    </div>
  );
}

/** The browser's errors for a lazily loaded module that could not be fetched. */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /dynamically imported module|module script failed|Importing a module script/i.test(
      error.message,
    )
  );
}
