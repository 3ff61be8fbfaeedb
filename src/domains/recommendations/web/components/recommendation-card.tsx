import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/shared/paths';
import type { Recommendation } from '../../recommendations.schema';
import { MatchBadge } from './match-badge';

/** One recommended title: cover, badge, title, author, genre and the reason it was chosen. */
export function RecommendationCard({
  recommendation,
  actions,
}: {
  recommendation: Recommendation;
  actions?: ReactNode;
}) {
  const { listing, score, reasoning } = recommendation;
  return (
    <article
      aria-labelledby={`recommendation-${listing.id}`}
      className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4 shadow-sm"
    >
      <div className="flex items-start gap-3">
        {listing.coverImageUrl ? (
          <img
            src={listing.coverImageUrl}
            alt=""
            className="h-24 w-16 shrink-0 rounded object-cover"
            loading="lazy"
          />
        ) : null}
        <div className="min-w-0 flex-1">
          <MatchBadge score={score} />
          <h3 id={`recommendation-${listing.id}`} className="mt-1 font-semibold text-ink">
            <Link to={paths.listing(listing.id)} className="hover:underline">
              {listing.title}
            </Link>
          </h3>
          <p className="text-sm text-ink-soft">
            by {listing.author}
            {listing.genre ? ` · ${listing.genre}` : ''}
          </p>
        </div>
      </div>
      <p className="text-sm text-ink">{reasoning}</p>
      {actions ? <div className="mt-auto flex flex-wrap gap-2">{actions}</div> : null}
    </article>
  );
}
