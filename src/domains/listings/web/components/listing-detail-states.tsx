import { errorMessage } from '@/web/lib/api-client';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FileQuestion, TriangleAlert } from 'lucide-react';
import { buttonClasses } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { cn } from '@/web/lib/cn';
import { paths } from '@/shared/paths';

function StateCard({ icon, title, message }: { icon: ReactNode; title: string; message: string }) {
  return (
    <Card className="mx-auto max-w-xl p-8 text-center">
      {icon}
      <h1 className="mt-4 text-2xl font-bold text-ink">{title}</h1>
      <p className="mt-3 text-ink-soft">{message}</p>
      <Link to={paths.listings} className={cn(buttonClasses('primary', 'md'), 'mt-6')}>
        Back to Listings
      </Link>
    </Card>
  );
}

export function ListingNotFound() {
  return (
    <StateCard
      icon={<FileQuestion aria-hidden="true" className="mx-auto h-12 w-12 text-slate-400" />}
      title="Listing Not Found"
      message="The listing you're looking for doesn't exist or has been removed."
    />
  );
}

/** 'Error Loading Listing' with the server's message, else the spec's 'Failed to fetch listing'. */
export function ListingLoadError({ error }: { error?: unknown }) {
  const message = errorMessage(error, 'Failed to fetch listing');
  return (
    <StateCard
      icon={<TriangleAlert aria-hidden="true" className="mx-auto h-12 w-12 text-red-500" />}
      title="Error Loading Listing"
      message={message}
    />
  );
}
