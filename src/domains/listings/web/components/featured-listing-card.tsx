import { useState } from 'react';
import { Link } from 'react-router';
import { BookOpen } from 'lucide-react';
import { Badge } from '@/web/components/ui/badge';
import { buttonClasses } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/cn';
import { paths } from '@/shared/paths';
import { CARD_TAG_LIMIT, MEDIUM_LABELS, coverSizeOf, type Medium } from '../../listings.constants';
import type { ListingCard } from '../../listings.schema';
import { priceRangeLabel } from '../lib/listing-labels';

/** The medium first (a short film is never labelled by a book category alone), then the category. */
function categoryLabel(listing: ListingCard): string {
  const medium = MEDIUM_LABELS[listing.medium as Medium] ?? listing.medium;
  return listing.category ? `${medium} · ${listing.category}` : medium;
}

const cardClasses =
  'flex h-full flex-col overflow-hidden rounded-card border border-line bg-surface shadow-sm';
const coverFrameClasses = 'flex h-64 items-center justify-center bg-surface-sunken p-4';

export function FeaturedListingCard({
  listing,
  isSignedIn,
}: {
  listing: ListingCard;
  isSignedIn: boolean;
}) {
  const tags = listing.tags.slice(0, CARD_TAG_LIMIT);
  const [hasCoverFailed, setHasCoverFailed] = useState(false);
  const showCover = Boolean(listing.coverImageUrl) && !hasCoverFailed;
  return (
    <article className={cardClasses}>
      <div className={coverFrameClasses}>
        {showCover ? (
          <img
            data-cover
            src={listing.coverImageUrl ?? undefined}
            onError={() => setHasCoverFailed(true)}
            alt={`Cover of ${listing.title} by ${listing.author}`}
            width={coverSizeOf(listing.medium).width}
            height={coverSizeOf(listing.medium).height}
            loading="lazy"
            decoding="async"
            className="h-56 w-auto max-w-full rounded object-contain shadow-md"
          />
        ) : (
          <BookOpen className="h-16 w-16 text-slate-400" aria-hidden="true" />
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
          {categoryLabel(listing)}
        </p>
        <h3 className="mt-1 line-clamp-2 font-display text-lg font-semibold text-ink">
          {listing.title}
        </h3>
        <p className="text-sm text-ink-muted">by {listing.author}</p>
        {tags.length > 0 ? (
          <ul aria-label="Tags" className="mt-3 flex flex-wrap gap-1.5">
            {tags.map((tag) => (
              <li key={tag}>
                <Badge>{tag}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
        {listing.description ? (
          <p className="mt-3 line-clamp-3 text-sm text-ink-soft">{listing.description}</p>
        ) : null}
        <dl className="mt-auto pt-4">
          <dt className="text-xs text-ink-muted">Suggested offer range</dt>
          <dd className="font-semibold text-ink">
            {priceRangeLabel(listing.suggestedOfferMin, listing.suggestedOfferMax)}
          </dd>
        </dl>
        {isSignedIn ? (
          <Link
            to={paths.listing(listing.id)}
            className={cn(buttonClasses('primary', 'md'), 'mt-4 w-full')}
            aria-label={`View Details: ${listing.title}`}
          >
            View Details
          </Link>
        ) : (
          <Link to={paths.auth} className={cn(buttonClasses('outline', 'md'), 'mt-4 w-full')}>
            Login to View Details
          </Link>
        )}
      </div>
    </article>
  );
}

/** Placeholder with the card's shape while featured titles load. */
export function FeaturedListingCardSkeleton() {
  return (
    <div className={cardClasses} aria-hidden="true">
      <div className={coverFrameClasses}>
        <Skeleton className="h-56 w-36" />
      </div>
      <div className="space-y-3 p-5">
        <Skeleton className="h-3 w-20" />
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    </div>
  );
}
