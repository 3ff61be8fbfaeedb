import { Link } from 'react-router';
import { Download, Eye } from 'lucide-react';
import { buttonClasses } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { formatShortDate } from '@/web/lib/format';
import { paths } from '@/shared/paths';
import type { Offer } from '../../offers.schema';
import { CancelOfferDialog } from './cancel-offer-dialog';
import { OfferStatusBadge } from './offer-status-badge';
import { formatOfferPrice } from '../lib/offer-display';

/** How many submissions the dashboard lists (spec section 9). */
export const RECENT_SUBMISSIONS_SHOWN = 5;

/** The dashboard's five most recent submissions (the list arrives newest first). */
export function RecentSubmissions({ offers }: { offers: Offer[] }) {
  const recent = offers.slice(0, RECENT_SUBMISSIONS_SHOWN);
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>Recent Submissions</CardTitle>
        <Link
          to={paths.mySubmissions}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          View all
        </Link>
      </CardHeader>
      <CardContent>
        {recent.length === 0 ? (
          <div className="space-y-3 py-4 text-center">
            <p className="text-ink-muted">You have not submitted any offers yet.</p>
            <Link to={paths.listings} className={buttonClasses('primary', 'md')}>
              Browse Listings
            </Link>
          </div>
        ) : (
          <ul className="divide-y divide-line" aria-label="Recent submissions">
            {recent.map((offer) => (
              <li key={offer.id} className="space-y-2 py-4 first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-medium text-ink">{offer.listingTitle}</p>
                    <p className="text-sm text-ink-muted">
                      Listing #{offer.listingId} · {formatOfferPrice(offer.offerPrice)} · Submitted{' '}
                      {formatShortDate(offer.submittedAt)}
                    </p>
                  </div>
                  <OfferStatusBadge status={offer.status} />
                </div>
                <div className="flex flex-wrap gap-2">
                  <Link
                    to={paths.listingAlias(offer.listingId)}
                    className={buttonClasses('outline', 'sm')}
                    aria-label={`View details of ${offer.listingTitle}`}
                  >
                    <Eye aria-hidden="true" className="h-4 w-4" />
                    View Details
                  </Link>
                  {offer.deckFileUrl ? (
                    <a
                      href={offer.deckFileUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={buttonClasses('outline', 'sm')}
                      aria-label={`Download deck for ${offer.listingTitle}`}
                    >
                      <Download aria-hidden="true" className="h-4 w-4" />
                      Download Deck
                    </a>
                  ) : null}
                  {offer.status === 'pending' ? <CancelOfferDialog offer={offer} /> : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
