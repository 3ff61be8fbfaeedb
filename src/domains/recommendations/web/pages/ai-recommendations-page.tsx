import { useState, type FormEvent } from 'react';
import { Lock, RefreshCw, Sparkles, ThumbsDown, ThumbsUp } from 'lucide-react';
import { useCurrentUser } from '@/domains/accounts/web';
import { PremiumGate } from '@/domains/membership/web';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { LoadError } from '@/web/components/ui/load-error';
import { PageHeader } from '@/web/components/ui/page-header';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import { usePageTitle } from '@/web/lib/use-page-title';
import {
  FEEDBACK_RATINGS,
  NOT_MY_MARKET_NEIGHBOURS,
  PRODUCERS_ONLY,
  RECOMMENDATIONS_LIMIT,
} from '../../recommendations.constants';
import type { RecommendationsResponse, TasteProfile } from '../../recommendations.schema';
import { useRecommendations } from '../api/get-recommendations';
import { useSendRecommendationFeedback } from '../api/send-recommendation-feedback';
import { useSaveTasteProfile } from '../api/taste-profile';
import { RecommendationCard } from '../components/recommendation-card';
import { RecommendationProgress } from '../components/recommendation-progress';

/** /ai-recommendations: premium producers' 8 recommendations with the profile they came from. */
export default function AiRecommendationsPage() {
  usePageTitle('AI Recommendations');
  const { user } = useCurrentUser();
  // The spec's roles table: recommendations are for producers; agents and admins sell and run
  // the marketplace, so the server refuses them too (decision 015, issue 31).
  if (user && user.role !== 'producer') {
    return (
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
        <PageHeader title="AI Recommendations" />
        <EmptyState
          icon={Lock}
          title={PRODUCERS_ONLY}
          text="They match the catalogue to a producer's offers, favourites, reading and searches."
        />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader
        title="AI Recommendations"
        description="Titles matched to your offers, favourites, reading and searches."
      />
      <PremiumGate
        prompt={{
          feature: 'aiRecommendations',
          description:
            'AI recommendations match the catalogue to your taste, with a match score and the reason for every title.',
        }}
      >
        <Recommendations />
      </PremiumGate>
    </div>
  );
}

function Recommendations() {
  const [refresh, setRefresh] = useState(0);
  const recommendations = useRecommendations(RECOMMENDATIONS_LIMIT, refresh);
  const isGenerating = recommendations.isFetching;
  const data = recommendations.data;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-ink-soft">
          {data ? `${data.totalAnalyzed} available titles analysed.` : 'Analysing the catalogue…'}
        </p>
        <Button
          variant="secondary"
          onClick={() => setRefresh((count) => count + 1)}
          disabled={isGenerating}
        >
          <RefreshCw className="h-4 w-4" aria-hidden="true" />
          Refresh
        </Button>
      </div>
      {isGenerating ? <RecommendationProgress isLoading={isGenerating} /> : null}
      {recommendations.isError ? (
        <LoadError
          title="Unable to load your recommendations"
          onRetry={() => void recommendations.refetch()}
        />
      ) : null}
      {data && data.recommendations.length > 0 ? <MatchLegend /> : null}
      {data ? (
        <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
          <Results data={data} />
          <TasteProfileCard
            key={JSON.stringify(data.profile)}
            profile={data.profile}
            data={data}
            onSaved={() => setRefresh((count) => count + 1)}
          />
        </div>
      ) : null}
    </div>
  );
}

function Results({ data }: { data: RecommendationsResponse }) {
  const feedback = useSendRecommendationFeedback();
  const toast = useToast();
  const [rated, setRated] = useState<Record<number, number>>({});

  if (data.recommendations.length === 0) {
    return (
      <EmptyState
        icon={Sparkles}
        title="No recommendations available at the moment."
        text="Make offers or favourite titles so we can learn what you are looking for."
      />
    );
  }
  const rate = (listingId: number, rating: 5 | 1) =>
    feedback.mutate(
      { listingId, rating },
      {
        onSuccess: (answer) => {
          setRated((current) => ({ ...current, [listingId]: rating }));
          toast({ title: 'Feedback saved', description: answer.message });
        },
        onError: (error) =>
          toast({ title: 'Error', description: errorMessage(error, 'Failed to save feedback') }),
      },
    );
  return (
    <div className="space-y-4">
      {data.note ? (
        <p className="rounded-md bg-brand-50 p-3 text-sm text-ink" role="note">
          {data.note}
        </p>
      ) : null}
      {/* The cards' titles are h3s (as on the home page, under its h2): this names their list. */}
      <h2 className="sr-only">Recommended titles, best match first</h2>
      <div className="grid gap-4 md:grid-cols-2">
        {data.recommendations.map((recommendation) => {
          const id = recommendation.listing.id;
          return (
            <RecommendationCard
              key={id}
              recommendation={recommendation}
              actions={
                <>
                  <Button
                    size="sm"
                    variant={
                      rated[id] === FEEDBACK_RATINGS.commerciallyViable ? 'primary' : 'secondary'
                    }
                    aria-pressed={rated[id] === FEEDBACK_RATINGS.commerciallyViable}
                    onClick={() => rate(id, FEEDBACK_RATINGS.commerciallyViable)}
                  >
                    <ThumbsUp className="h-4 w-4" aria-hidden="true" />
                    Commercially Viable
                  </Button>
                  <Button
                    size="sm"
                    variant={rated[id] === FEEDBACK_RATINGS.notMyMarket ? 'primary' : 'secondary'}
                    aria-pressed={rated[id] === FEEDBACK_RATINGS.notMyMarket}
                    onClick={() => rate(id, FEEDBACK_RATINGS.notMyMarket)}
                  >
                    <ThumbsDown className="h-4 w-4" aria-hidden="true" />
                    Not My Market
                  </Button>
                </>
              }
            />
          );
        })}
      </div>
    </div>
  );
}

/** What the badge's number and colour mean (server/match-score.ts), in a line. */
function MatchLegend() {
  return (
    <p className="text-sm text-ink-soft">
      Match: how close a title is to your taste, against the titles you chose yourself; only your
      single best title can reach 95%. Green (80+) is one of your best four, yellow (60+) one of
      your best sixteen, orange further off.
    </p>
  );
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "From 1 offer, 6 favourites, 5 titles viewed, 2 searches and 0 ratings." */
function signalsSentence(signals: RecommendationsResponse['signals']): string {
  return `From ${plural(signals.offers, 'offer', 'offers')}, ${plural(signals.favourites, 'favourite', 'favourites')}, ${plural(signals.views, 'title viewed', 'titles viewed')}, ${plural(signals.searches, 'search', 'searches')} and ${plural(signals.feedback, 'rating', 'ratings')}.`;
}

const splitWords = (value: string) =>
  value
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);

/** The taste the results came from, which the producer may edit (then results are redone). */
function TasteProfileCard({
  profile,
  data,
  onSaved,
}: {
  profile: TasteProfile;
  data: RecommendationsResponse;
  onSaved: () => void;
}) {
  const save = useSaveTasteProfile();
  const toast = useToast();
  const [genres, setGenres] = useState(profile.genres.join(', '));
  const [mediums, setMediums] = useState(profile.mediums.join(', '));
  const [budgetMin, setBudgetMin] = useState(profile.budgetMin?.replace(/\.00$/, '') ?? '');
  const [budgetMax, setBudgetMax] = useState(profile.budgetMax?.replace(/\.00$/, '') ?? '');
  const { signals } = data;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(
      {
        genres: splitWords(genres),
        mediums: splitWords(mediums),
        budgetMin: budgetMin.trim() || null,
        budgetMax: budgetMax.trim() || null,
      },
      {
        onSuccess: () => {
          toast({ title: 'Taste profile saved', description: 'Your recommendations are updated.' });
          onSaved();
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorMessage(error, 'Failed to save your profile'),
          }),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your taste profile</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-ink-soft">
          {profile.isStated ? 'As you set it. ' : 'Read from your activity. '}
          {signalsSentence(signals)}
        </p>
        {data.notMyMarket.length > 0 ? (
          <div className="space-y-1 text-sm">
            <p className="font-semibold text-ink">Not My Market</p>
            <ul className="list-inside list-disc text-ink-soft">
              {data.notMyMarket.map((title) => (
                <li key={title.listingId}>{title.title}</li>
              ))}
            </ul>
            <p className="text-ink-soft">
              {`These are left out, and the ${NOT_MY_MARKET_NEIGHBOURS} titles nearest each are placed lower.`}
            </p>
          </div>
        ) : null}
        <form className="space-y-3" onSubmit={onSubmit}>
          <Field label="Genres" hint="Separated by commas">
            <Input value={genres} onChange={(event) => setGenres(event.target.value)} />
          </Field>
          <Field label="Mediums" hint="e.g. book, screenplay, television">
            <Input value={mediums} onChange={(event) => setMediums(event.target.value)} />
          </Field>
          <div className="grid grid-cols-2 gap-2">
            <Field label="Budget from (£)">
              <Input
                inputMode="numeric"
                value={budgetMin}
                onChange={(event) => setBudgetMin(event.target.value)}
              />
            </Field>
            <Field label="Budget to (£)">
              <Input
                inputMode="numeric"
                value={budgetMax}
                onChange={(event) => setBudgetMax(event.target.value)}
              />
            </Field>
          </div>
          <Button type="submit" disabled={save.isPending}>
            Save profile
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
