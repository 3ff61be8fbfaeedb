import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ImageOff } from 'lucide-react';
import { Badge } from '@/web/components/ui/badge';
import { Button, buttonClasses } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { useToast } from '@/web/components/ui/toast';
import { cn } from '@/web/lib/cn';
import { paths } from '@/shared/paths';
import { CARD_TAG_LIMIT, coverSizeOf } from '../../listings.constants';
import type { ListingCard as ListingCardData } from '../../listings.schema';
import { priceRangeLabel, viabilityText } from '../lib/listing-labels';
import { ListingBadges } from './listing-badges';

/** Grid: compact cards, several rows above the fold. List: one per row, with the synopsis. */
export type ListingLayout = 'grid' | 'list';

interface ListingCardProps {
  listing: ListingCardData;
  isSignedIn: boolean;
  /** Favourite and share controls, composed by the page (signed in only). */
  actions?: ReactNode;
  layout?: ListingLayout;
}

/**
 * The cover, whole: a fixed box (no layout shift while it loads) in which the cover, drawn in
 * its medium's proportion, is fitted without cropping.
 */
function CardCover({ listing, layout }: { listing: ListingCardData; layout: ListingLayout }) {
  const [hasFailed, setHasFailed] = useState(false);
  const size = coverSizeOf(listing.medium);
  const box = cn(
    'flex shrink-0 items-center justify-center self-start overflow-hidden rounded-md bg-surface-sunken',
    layout === 'grid' ? 'aspect-[2/3] w-24 sm:w-28' : 'aspect-[2/3] w-24 sm:w-32',
  );
  if (!listing.coverImageUrl || hasFailed) {
    return (
      <div className={cn(box, 'flex-col gap-1 p-2 text-center text-xs text-ink-muted')}>
        <ImageOff aria-hidden="true" className="h-6 w-6" />
        <span>{hasFailed ? 'Image loading failed' : 'No cover image'}</span>
      </div>
    );
  }
  return (
    <div className={box}>
      <img
        data-cover
        src={listing.coverImageUrl}
        alt={`Cover of ${listing.title}`}
        width={size.width}
        height={size.height}
        loading="lazy"
        decoding="async"
        onError={() => setHasFailed(true)}
        className="h-full w-full object-contain shadow-sm"
      />
    </div>
  );
}

/** A listing in the catalogue and the favourites tab, as the spec lays the card out. */
export function ListingCard({ listing, isSignedIn, actions, layout = 'grid' }: ListingCardProps) {
  const toast = useToast();
  const navigate = useNavigate();
  const shownTags = listing.tags.slice(0, layout === 'grid' ? 2 : CARD_TAG_LIMIT);
  const hiddenTagCount = listing.tags.length - shownTags.length;
  const titleId = `listing-${listing.id}-title`;

  const askToLogIn = () => {
    toast({ title: 'Login Required', description: 'Please log in to view listing details' });
    navigate(paths.auth);
  };

  return (
    <Card className="flex h-full gap-3 p-3 sm:gap-4" role="article" aria-labelledby={titleId}>
      <CardCover listing={listing} layout={layout} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-1">
          <ListingBadges listing={listing} />
        </div>
        <div className="flex items-start justify-between gap-1">
          <div className="min-w-0">
            <h3
              id={titleId}
              className="line-clamp-2 font-display text-lg leading-snug font-semibold text-ink"
            >
              {listing.title}
            </h3>
            <p className="truncate text-sm text-ink-muted">by {listing.author}</p>
          </div>
          {actions ? <div className="-mt-1 flex shrink-0 items-center">{actions}</div> : null}
        </div>
        {layout === 'list' && listing.description ? (
          <p className="line-clamp-3 text-sm text-ink-soft">{listing.description}</p>
        ) : null}
        <dl className="space-y-0.5 text-sm">
          <div>
            <dt className="sr-only">Price range</dt>
            <dd className="font-semibold text-ink">
              {priceRangeLabel(listing.suggestedOfferMin, listing.suggestedOfferMax)}
            </dd>
          </div>
          <div className="flex min-w-0 gap-1 text-ink-soft">
            <dt className="text-ink-muted">Viability:</dt>
            <dd className="truncate">{viabilityText(listing.viabilityScore)}</dd>
          </div>
          {listing.genre ? (
            <div className="flex min-w-0 gap-1 text-ink-soft">
              <dt className="text-ink-muted">Genre:</dt>
              <dd className="truncate">{listing.genre}</dd>
            </div>
          ) : null}
        </dl>
        {shownTags.length > 0 ? (
          <ul
            className={cn('flex flex-wrap gap-1', layout === 'grid' && 'max-h-6 overflow-hidden')}
            aria-label="Tags"
          >
            {shownTags.map((tag) => (
              <li key={tag}>
                <Badge>{tag}</Badge>
              </li>
            ))}
            {hiddenTagCount > 0 ? (
              <li>
                <Badge aria-label={`${hiddenTagCount} more tags`}>+{hiddenTagCount}</Badge>
              </li>
            ) : null}
          </ul>
        ) : null}
        <div className="mt-auto pt-1.5">
          {isSignedIn ? (
            <Link
              to={paths.listing(listing.id)}
              className={cn(buttonClasses('primary', 'sm'), layout === 'grid' && 'w-full')}
              aria-describedby={titleId}
            >
              View Details
            </Link>
          ) : (
            <Button size="sm" className={cn(layout === 'grid' && 'w-full')} onClick={askToLogIn}>
              Login to View
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}
