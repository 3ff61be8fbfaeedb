import { Link } from 'react-router';
import { House } from 'lucide-react';
import { buttonClasses } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import { paths } from '@/shared/paths';

/** The not-found message; the 404 page and the error screen (a route's 404) show it. */
export function NotFoundContent() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-ink">404 Page Not Found</h1>
      <p className="mt-3 text-ink-muted">
        The page you are looking for does not exist or has moved.
      </p>
      <Link to={paths.home} className={cn(buttonClasses('primary', 'lg'), 'mt-8')}>
        <House className="h-5 w-5" aria-hidden="true" />
        Return Home
      </Link>
    </section>
  );
}
