import { Link } from 'react-router';
import { ArrowRight, Sparkles } from 'lucide-react';
import { Skeleton } from '@/web/components/ui/skeleton';
import { paths } from '@/shared/paths';
import { HOME_RECOMMENDATIONS_LIMIT } from '../../recommendations.constants';
import { useRecommendations } from '../api/get-recommendations';
import { RecommendationCard } from './recommendation-card';

/** The home page's 'Personalised for You': three AI recommendations (premium producers). */
export function HomeRecommendations() {
  const recommendations = useRecommendations(HOME_RECOMMENDATIONS_LIMIT, 0);
  return (
    <section
      aria-labelledby="personalised-heading"
      className="mx-auto max-w-7xl px-4 pt-12 sm:px-6 lg:px-8"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id="personalised-heading"
          className="flex items-center gap-2 text-xl font-semibold text-ink"
        >
          <Sparkles className="h-5 w-5 text-brand-700" aria-hidden="true" />
          Personalised for You
        </h2>
        <Link
          to={paths.aiRecommendations}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline"
        >
          See all recommendations
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </div>
      <div className="mt-4 grid gap-4 md:grid-cols-3">
        {recommendations.isPending ? (
          Array.from({ length: HOME_RECOMMENDATIONS_LIMIT }, (_, i) => (
            <Skeleton key={i} className="h-40" />
          ))
        ) : recommendations.isError ? (
          <p className="text-sm text-ink-soft md:col-span-3">
            Unable to load your recommendations right now.
          </p>
        ) : recommendations.data.recommendations.length === 0 ? (
          <p className="text-sm text-ink-soft md:col-span-3">
            No recommendations available at the moment. Make offers or favourite titles to
            personalise them.
          </p>
        ) : (
          recommendations.data.recommendations.map((recommendation) => (
            <RecommendationCard key={recommendation.listing.id} recommendation={recommendation} />
          ))
        )}
      </div>
    </section>
  );
}
