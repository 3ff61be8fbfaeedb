import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, Navigate } from 'react-router';
import {
  BarChart3,
  CheckCircle2,
  Clock,
  FileText,
  Grid3x3,
  Inbox,
  LayoutDashboard,
  Library,
  Plus,
  PoundSterling,
} from 'lucide-react';
import { useCurrentUser } from '@/domains/accounts/web';
import { loadAgentAnalytics } from '@/domains/insights/web';
import { ListingFormDialog } from '@/domains/listings/web';
import { LiveOptionsPanel } from '@/domains/options/web';
import { AgentAvailsPanel } from '@/domains/rights/web';
import {
  AgentListingsTable,
  AgentSubmissions,
  useAgentListings,
  useAgentOffers,
} from '@/domains/offers/web';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { EmptyState } from '@/web/components/ui/empty-state';
import { PanelBoundary } from '@/web/components/ui/error-boundary';
import { PageHeader } from '@/web/components/ui/page-header';
import { Skeleton } from '@/web/components/ui/skeleton';
import { StatTile, StatTiles } from '@/web/components/ui/stat-tile';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { usePageTitle } from '@/web/lib/use-page-title';
import { useTabParam } from '@/web/lib/use-tab-param';
import { isAwaitingDecision } from '@/domains/offers/offers.constants';
import { formatPounds, poundsToPence } from '@/shared/money';
import { paths } from '@/shared/paths';

// Charts (recharts) load only when the Analytics tab opens.
const AgentAnalytics = lazy(loadAgentAnalytics);

const TABS = ['overview', 'assets', 'rights', 'submissions', 'analytics'] as const;

/** A deal on the Submissions tab (each offer's card has the id `offer-{id}`). */
const dealPath = (offerId: number) => `${paths.agentDashboard}?tab=submissions#offer-${offerId}`;

/** Overview: the headline figures and the five most recent offers. */
function Overview({
  agentId,
  onOpenSubmissions,
}: {
  agentId: number;
  onOpenSubmissions: () => void;
}) {
  const offers = useAgentOffers(agentId);
  const listings = useAgentListings(agentId);
  const figures = useMemo(() => {
    const all = offers.data ?? [];
    const accepted = all.filter((offer) => offer.status === 'accepted');
    return {
      listings: listings.data?.length ?? 0,
      live: listings.data?.filter((listing) => listing.status === 'available').length ?? 0,
      // Every offer awaiting a decision, countered ones included (issue 28).
      pending: all.filter((offer) => isAwaitingDecision(offer.status)).length,
      accepted: accepted.length,
      revenue: accepted.reduce((sum, offer) => sum + (poundsToPence(offer.offerPrice) ?? 0), 0),
    };
  }, [offers.data, listings.data]);
  if (offers.isPending || listings.isPending) return <Skeleton className="h-40 w-full" />;
  const recent = (offers.data ?? []).slice(0, 5);
  return (
    <div className="space-y-6">
      <StatTiles label="Your figures">
        <StatTile
          label="Listings"
          value={figures.listings}
          hint={`${figures.live} on the market`}
          icon={Library}
        />
        <StatTile
          label="Pending offers"
          value={figures.pending}
          hint="awaiting your answer"
          icon={Clock}
        />
        <StatTile label="Accepted offers" value={figures.accepted} icon={CheckCircle2} />
        <StatTile
          label="Option fees accepted"
          value={formatPounds(figures.revenue)}
          hint="captured from producers’ cards"
          icon={PoundSterling}
        />
      </StatTiles>
      <Card className="p-5">
        <div className="mb-3 flex items-center justify-between">
          <h2 className="text-lg font-semibold text-ink">Recent offers</h2>
          <Button variant="link" onClick={onOpenSubmissions}>
            All submissions
          </Button>
        </div>
        {recent.length === 0 ? (
          <EmptyState
            icon={Inbox}
            title="No offers yet"
            text="Offers on your listings appear here."
          />
        ) : (
          <ul className="divide-y divide-line">
            {recent.map((offer) => (
              <li
                key={offer.id}
                className="flex flex-wrap items-center justify-between gap-2 py-2.5 text-sm"
              >
                <Link
                  to={paths.listing(offer.listingId)}
                  className="font-medium text-ink hover:underline"
                >
                  {offer.listingTitle}
                </Link>
                <span className="text-ink-muted">
                  {formatPounds(poundsToPence(offer.offerPrice) ?? 0)} · {offer.producer.firstName}{' '}
                  {offer.producer.lastName} · {offer.status}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

/**
 * /agent-dashboard (spec part 2 section 2): the agent's workspace. Signed out → /auth (the
 * route guard); any other role → /. Tabs Overview, My IP Assets, Rights (each listing's grid
 * and who holds which part, issue 29), Submissions, Analytics, the open tab in the URL
 * (?tab=submissions, which the offer emails link to).
 */
export default function AgentDashboardPage() {
  usePageTitle('Agent Dashboard');
  const { user } = useCurrentUser();
  const [tab, openTab] = useTabParam(TABS);
  const [formTarget, setFormTarget] = useState<'new' | number | null>(null);
  const listings = useAgentListings(user?.role === 'agent' ? user.id : undefined);

  if (user && user.role !== 'agent') return <Navigate to={paths.home} replace />;
  if (!user) return null;

  const isPendingAgent = user.agentVerificationStatus !== 'approved';
  const editing =
    typeof formTarget === 'number' ? listings.data?.find((l) => l.id === formTarget) : undefined;

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader
        eyebrow="Agent workspace"
        title="Agent Dashboard"
        description={`Welcome back, ${user.firstName}.`}
        actions={
          <Button onClick={() => setFormTarget('new')}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            New Listing
          </Button>
        }
      />
      {isPendingAgent ? (
        <p
          role="status"
          className="rounded-card border border-amber-200 bg-accent-100 p-4 text-sm text-ink"
        >
          Your agent application is awaiting verification. You can prepare listings now: they are
          saved as drafts and go public once an administrator approves your application.
        </p>
      ) : null}
      <Tabs value={tab} onValueChange={openTab} className="space-y-6">
        <TabsList aria-label="Agent dashboard">
          <TabsTrigger value="overview">
            <LayoutDashboard aria-hidden="true" className="h-4 w-4" />
            Overview
          </TabsTrigger>
          <TabsTrigger value="assets">
            <FileText aria-hidden="true" className="h-4 w-4" />
            My IP Assets
          </TabsTrigger>
          <TabsTrigger value="rights">
            <Grid3x3 aria-hidden="true" className="h-4 w-4" />
            Rights
          </TabsTrigger>
          <TabsTrigger value="submissions">
            <Inbox aria-hidden="true" className="h-4 w-4" />
            Submissions
          </TabsTrigger>
          <TabsTrigger value="analytics">
            <BarChart3 aria-hidden="true" className="h-4 w-4" />
            Analytics
          </TabsTrigger>
        </TabsList>
        <TabsContent value="overview" className="space-y-6">
          <PanelBoundary title="Overview">
            <Overview agentId={user.id} onOpenSubmissions={() => openTab('submissions')} />
          </PanelBoundary>
          <PanelBoundary title="Live options">
            <LiveOptionsPanel side="agent" />
          </PanelBoundary>
        </TabsContent>
        <TabsContent value="assets">
          <PanelBoundary title="My IP Assets">
            <AgentListingsTable
              agentId={user.id}
              onEdit={setFormTarget}
              onCreate={() => setFormTarget('new')}
            />
          </PanelBoundary>
        </TabsContent>
        <TabsContent value="rights">
          <PanelBoundary title="Rights">
            <AgentAvailsPanel dealHref={dealPath} />
          </PanelBoundary>
        </TabsContent>
        <TabsContent value="submissions">
          <PanelBoundary title="Submissions">
            <AgentSubmissions agentId={user.id} />
          </PanelBoundary>
        </TabsContent>
        <TabsContent value="analytics">
          <PanelBoundary title="Analytics">
            <Suspense fallback={<Skeleton className="h-72 w-full" />}>
              <AgentAnalytics agentId={user.id} />
            </Suspense>
          </PanelBoundary>
        </TabsContent>
      </Tabs>
      <ListingFormDialog
        target={formTarget}
        onClose={() => setFormTarget(null)}
        pendingOffers={editing?.offerCounts.pending ?? 0}
        onSaved={() => openTab('assets')}
      />
    </div>
  );
}
