import type { ReactNode } from 'react';
import { isRouteErrorResponse, Link, useLocation, useNavigate, useRouteError } from 'react-router';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Clapperboard, RefreshCw, TriangleAlert } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { ErrorBoundary as BaseErrorBoundary } from '@/web/components/ui/error-boundary';
import { cn } from '@/web/lib/cn';
import { usePageTitle } from '@/web/lib/use-page-title';
import { paths } from '@/shared/paths';
import { NotFoundContent } from './not-found-content';

const ERROR_TITLE = 'Something went wrong';

interface ErrorFallbackProps {
  /** "Try Again": re-render the failed part (panels) or re-run the route. */
  onRetry: () => void;
  /** Full-page screens use an h1; panels inside a page use an h2. */
  variant?: 'page' | 'panel';
  description?: string;
  className?: string;
}

/** The generic error message with the spec's two buttons. */
export function ErrorFallback({
  onRetry,
  variant = 'panel',
  description = 'An unexpected error occurred. Please try again, or refresh the page.',
  className,
}: ErrorFallbackProps) {
  const Heading = variant === 'page' ? 'h1' : 'h2';
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center text-center',
        variant === 'page'
          ? 'px-4 py-16'
          : 'rounded-lg border border-red-200 bg-red-50 px-4 py-8 text-red-950',
        className,
      )}
    >
      <TriangleAlert
        className={cn('text-red-600', variant === 'page' ? 'h-12 w-12' : 'h-8 w-8')}
        aria-hidden="true"
      />
      <Heading
        className={cn('mt-4 font-bold text-slate-900', variant === 'page' ? 'text-3xl' : 'text-lg')}
      >
        {ERROR_TITLE}
      </Heading>
      <p className="mt-2 max-w-md text-sm text-slate-600">{description}</p>
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
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-7xl items-center px-4 sm:px-6 lg:px-8">
          <Link
            to={paths.home}
            className="flex items-center gap-2 rounded-md text-lg font-bold text-slate-900"
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
          <ErrorFallback
            variant="page"
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

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Replaces the default panel ('Something went wrong', Refresh Page, Try Again). */
  fallback?: (reset: () => void) => ReactNode;
  description?: string;
  className?: string;
  onReset?: () => void;
}

/**
 * Wrap each independent panel of a page so one failure does not blank the page. The
 * default fallback is the generic error panel; "Try Again" also resets failed TanStack
 * queries inside, so they fetch again.
 */
export function ErrorBoundary({
  children,
  fallback,
  description,
  className,
  onReset,
}: ErrorBoundaryProps) {
  const { reset: resetQueries } = useQueryErrorResetBoundary();
  return (
    <BaseErrorBoundary
      onError={(error, info) =>
        console.error('A page panel failed to render', error, info.componentStack)
      }
      onReset={() => {
        resetQueries();
        onReset?.();
      }}
      fallback={
        fallback ??
        ((reset) => (
          <ErrorFallback onRetry={reset} description={description} className={className} />
        ))
      }
    >
      {children}
    </BaseErrorBoundary>
  );
}
