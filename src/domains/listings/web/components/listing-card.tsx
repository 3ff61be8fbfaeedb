import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ImageOff } from 'lucide-react';
import { Badge } from '@/web/components/ui/badge';
import { Button, buttonClasses } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { useToast } from '@/web/components/ui/toast';
import { cn } from '@/web/lib/cn';
import { paths } from '@/shared/paths';
import { CARD_TAG_LIMIT } from '../../listings.constants';
import type { ListingCard as ListingCardData } from '../../listings.schema';
import { priceRangeLabel } from '../lib/listing-labels';
import { ListingBadges } from './listing-badges';

interface ListingCardProps {
  listing: ListingCardData;
  isSignedIn: boolean;
  /** Favourite and share controls, composed by the page (signed in only). */
  actions?: ReactNode;
}

function CardCover({ listing }: { listing: ListingCardData }) {
  const [hasFailed, setHasFailed] = useState(false);
  if (!listing.coverImageUrl || hasFailed) {
    return (
      <div className="flex aspect-[3/2] flex-col items-center justify-center gap-2 rounded-t-lg bg-slate-100 text-sm text-slate-500">
        <ImageOff aria-hidden="true" className="h-8 w-8" />
        <span>{hasFailed ? 'Image loading failed' : 'No cover image'}</span>
      </div>
    );
  }
  return (
    <img
      src={listing.coverImageUrl}
      alt={`Cover of ${listing.title}`}
      loading="lazy"
      decoding="async"
      onError={() => setHasFailed(true)}
      className="aspect-[3/2] w-full rounded-t-lg bg-slate-100 object-cover"
    />
  );
}

/** A listing in the catalogue and the favourites tab, as the spec lays the card out. */
export function ListingCard({ listing, isSignedIn, actions }: ListingCardProps) {
  const toast = useToast();
  const navigate = useNavigate();
  const shownTags = listing.tags.slice(0, CARD_TAG_LIMIT);
  const hiddenTagCount = listing.tags.length - shownTags.length;
  const titleId = `listing-${listing.id}-title`;

  const askToLogIn = () => {
    toast({ title: 'Login Required', description: 'Please log in to view listing details' });
    navigate(paths.auth);
  };

  return (
    <Card className="flex h-full flex-col" role="article" aria-labelledby={titleId}>
      <div className="relative">
        <CardCover listing={listing} />
        <div className="absolute inset-x-2 top-2 flex flex-wrap justify-between gap-1">
          <ListingBadges listing={listing} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 id={titleId} className="text-lg leading-snug font-semibold text-slate-900">
              {listing.title}
            </h3>
            <p className="text-sm text-slate-600">by {listing.author}</p>
          </div>
          {actions ? <div className="flex shrink-0 items-center">{actions}</div> : null}
        </div>
        {listing.description ? (
          <p className="line-clamp-3 text-sm text-slate-700">{listing.description}</p>
        ) : null}
        <dl className="space-y-1 text-sm">
          <div className="flex gap-1">
            <dt className="sr-only">Price range</dt>
            <dd className="font-semibold text-slate-900">
              {priceRangeLabel(listing.suggestedOfferMin, listing.suggestedOfferMax)}
            </dd>
          </div>
          {listing.genre ? (
            <div className="flex gap-1 text-slate-600">
              <dt>Genre:</dt>
              <dd>{listing.genre}</dd>
            </div>
          ) : null}
        </dl>
        {shownTags.length > 0 ? (
          <ul className="flex flex-wrap gap-1" aria-label="Tags">
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
        <div className="mt-auto pt-2">
          {isSignedIn ? (
            <Link
              to={paths.listing(listing.id)}
              className={cn(buttonClasses('primary', 'md'), 'w-full')}
              aria-describedby={titleId}
            >
              View Details
            </Link>
          ) : (
            <Button className="w-full" onClick={askToLogIn}>
              Login to View
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}
