import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ArrowRight, Search } from 'lucide-react';
import { useCurrentUser } from '@/domains/accounts/web';
import { hasPremiumAccess } from '@/domains/membership/membership.rules';
import { HomeRecommendations } from '@/domains/recommendations/web';
import { PanelBoundary } from '@/web/components/ui/error-boundary';
import { Button, buttonClasses } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useToast } from '@/web/components/ui/toast';
import { cn } from '@/web/lib/cn';
import { usePageTitle } from '@/web/lib/use-page-title';
import { formatPoundsMillions } from '@/shared/money';
import { paths } from '@/shared/paths';
import { FEATURED_LIMIT } from '@/domains/listings/listings.constants';
import type { PublicStats } from '@/domains/listings/listings.schema';
import {
  FeaturedListingCard,
  FeaturedListingCardSkeleton,
  useFeaturedListings,
  usePublicStats,
} from '@/domains/listings/web';

const SKELETON_CARDS = 3;

export default function HomePage() {
  usePageTitle();
  const { user } = useCurrentUser();
  const isPremiumProducer =
    user?.role === 'producer' && hasPremiumAccess(user, 'aiRecommendations');
  return (
    <>
      <Hero isSignedIn={Boolean(user)} />
      <StatsSection />
      {isPremiumProducer ? (
        <PanelBoundary title="Personalised for You">
          <HomeRecommendations />
        </PanelBoundary>
      ) : null}
      <FeaturedSection isSignedIn={Boolean(user)} />
      {user ? null : <JoinSection />}
    </>
  );
}

function Hero({ isSignedIn }: { isSignedIn: boolean }) {
  const [search, setSearch] = useState('');
  const navigate = useNavigate();
  const toast = useToast();
  const trimmed = search.trim();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isSignedIn) {
      toast({
        title: 'Authentication Required',
        description: 'Please log in or join the product to search our exclusive IP collection.',
      });
      navigate(paths.auth);
      return;
    }
    navigate(
      trimmed ? `${paths.listings}?${new URLSearchParams({ search: trimmed })}` : paths.listings,
    );
  };

  const buttonLabel = !isSignedIn ? 'Join to Search' : trimmed ? 'Search' : 'Start Browsing';

  return (
    <section
      aria-labelledby="hero-heading"
      className="bg-gradient-to-br from-slate-900 via-slate-800 to-brand-900 text-white"
    >
      <div className="mx-auto max-w-5xl px-4 py-16 text-center sm:px-6 sm:py-24 lg:px-8">
        <p className="text-sm font-semibold tracking-widest text-brand-100 uppercase">
          Film and TV adaptation rights
        </p>
        <h1
          id="hero-heading"
          className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl"
        >
          Discover the next great story for the screen
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-200">
          PageToScreen connects producers with literary agents. Browse 1,000+ books, scripts and
          stories ready for adaptation, trusted by 1,000+ industry professionals.
        </p>
        <form
          role="search"
          onSubmit={onSubmit}
          className="mx-auto mt-8 flex max-w-2xl flex-col gap-3 sm:flex-row"
        >
          <label htmlFor="home-search" className="sr-only">
            Search the IP catalogue
          </label>
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-slate-400"
              aria-hidden="true"
            />
            <input
              id="home-search"
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Search by title, author, genre or theme"
              className="h-12 w-full rounded-md border-0 bg-white pr-3 pl-10 text-base text-ink placeholder:text-ink-muted focus:ring-2 focus:ring-brand-500 focus:outline-none"
            />
          </div>
          <Button type="submit" size="lg">
            {buttonLabel}
          </Button>
        </form>
      </div>
    </section>
  );
}

/** The stats carry pounds as numbers (already rounded to pence on the server). */
const poundsInMillions = (pounds: number) => formatPoundsMillions(Math.round(pounds * 100));

const statItems: { label: string; value: (stats: PublicStats) => string }[] = [
  { label: 'Total Acquisition Value', value: (s) => poundsInMillions(s.totalValue) },
  { label: 'ROI Potential', value: (s) => poundsInMillions(s.totalROIPotential) },
  { label: 'IP Assets', value: (s) => s.bookCount.toLocaleString('en-GB') },
  { label: 'Literary Agents', value: (s) => s.agents.toLocaleString('en-GB') },
];

function StatsSection() {
  const { data: stats, isPending, isError } = usePublicStats();
  return (
    <section aria-labelledby="stats-heading" className="border-b border-line bg-white">
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <h2 id="stats-heading" className="sr-only">
          Marketplace in numbers
        </h2>
        {isError ? (
          <p className="text-center text-sm text-ink-muted">
            Marketplace figures are unavailable right now.
          </p>
        ) : (
          <dl className="grid grid-cols-2 gap-6 lg:grid-cols-4">
            {statItems.map((item) => (
              <div key={item.label} className="text-center">
                <dt className="text-sm font-medium text-ink-muted">{item.label}</dt>
                <dd className="mt-1 text-3xl font-bold text-ink">
                  {isPending ? <Skeleton className="mx-auto h-9 w-24" /> : item.value(stats)}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </section>
  );
}

function FeaturedSection({ isSignedIn }: { isSignedIn: boolean }) {
  const { data: listings, isPending, isError } = useFeaturedListings();
  return (
    <section
      aria-labelledby="featured-heading"
      className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8"
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="featured-heading" className="text-2xl font-bold text-ink sm:text-3xl">
            Featured Titles
          </h2>
          <p className="mt-1 text-ink-muted">Hand-picked stories with strong screen potential.</p>
        </div>
        {isSignedIn ? (
          <Link to={paths.listings} className={buttonClasses('link', 'sm')}>
            Browse the full catalogue
          </Link>
        ) : null}
      </div>

      {isPending ? (
        <div
          role="status"
          aria-label="Loading featured listings"
          className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
        >
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <FeaturedListingCardSkeleton key={index} />
          ))}
        </div>
      ) : isError ? (
        <EmptyState title="Unable to load featured listings" text="Please try again later" />
      ) : listings.length === 0 ? (
        <EmptyState title="No listings available" text="Check back soon for new IP opportunities" />
      ) : (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {listings.slice(0, FEATURED_LIMIT).map((listing) => (
            <li key={listing.id}>
              <FeaturedListingCard listing={listing} isSignedIn={isSignedIn} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function EmptyState({ title, text }: { title: string; text: string }) {
  return (
    <div className="mt-8 rounded-lg border border-dashed border-slate-300 bg-white px-4 py-12 text-center">
      <p className="text-lg font-semibold text-ink">{title}</p>
      <p className="mt-1 text-ink-muted">{text}</p>
    </div>
  );
}

function JoinSection() {
  return (
    <section aria-labelledby="join-heading" className="bg-brand-900 text-white">
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-12 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <div>
          <h2 id="join-heading" className="text-2xl font-bold">
            Join 1,000+ producers and literary agents
          </h2>
          <p className="mt-2 max-w-2xl text-brand-100">
            Producers find adaptable stories with commercial analysis; agents reach a global network
            of buyers and manage offers in one place.
          </p>
        </div>
        <Link to={paths.join} className={cn(buttonClasses('inverse', 'lg'), 'shrink-0')}>
          Why PageToScreen
          <ArrowRight className="h-5 w-5" aria-hidden="true" />
        </Link>
      </div>
    </section>
  );
}
