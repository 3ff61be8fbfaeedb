import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { paths } from '@/shared/paths';
import { useSimilarListings } from '../api/get-similar-listings';

/** The listing page's 'Similar titles': the six available listings nearest in meaning. */
export function SimilarTitles({ listingId }: { listingId: number }) {
  const similar = useSimilarListings(listingId);
  if (similar.isError) throw similar.error;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Similar titles</CardTitle>
      </CardHeader>
      <CardContent>
        {similar.isPending ? (
          <Skeleton className="h-24" />
        ) : similar.data.items.length === 0 ? (
          <p className="text-sm text-ink-soft">No similar titles yet.</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {similar.data.items.map(({ listing }) => (
              <li key={listing.id} className="rounded-md border border-line p-3">
                <Link
                  to={paths.listing(listing.id)}
                  className="font-medium text-ink hover:underline"
                >
                  {listing.title}
                </Link>
                <p className="text-xs text-ink-soft">
                  by {listing.author}
                  {listing.genre ? ` · ${listing.genre}` : ''}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
