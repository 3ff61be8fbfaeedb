import type { ReactNode } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Clock, Hourglass, PoundSterling, RefreshCw, Users } from 'lucide-react';
import { useCurrentUser } from '@/domains/accounts/web';
import { MEDIUM_LABELS } from '@/domains/listings/listings.constants';
import { PanelBoundary } from '@/web/components/ui/error-boundary';
import { LoadError } from '@/web/components/ui/load-error';
import { PageHeader } from '@/web/components/ui/page-header';
import { Skeleton } from '@/web/components/ui/skeleton';
import { StatTile, StatTiles } from '@/web/components/ui/stat-tile';
import { usePageTitle } from '@/web/lib/use-page-title';
import { formatPounds, poundsToPence } from '@/shared/money';
import { paths } from '@/shared/paths';
import {
  ANALYTICS_INTERVALS,
  FUNNEL_STAGE_LABELS,
  type AdminAnalytics,
  type AnalyticsInterval,
  type TopListing,
} from '../../admin-analytics.schema';
import { useAdminAnalytics } from '../api/get-admin-analytics';
import { AnalyticsPanel, SimpleBarChart } from '../components/analytics-panel';

const number = (value: number) => value.toLocaleString('en-GB');
const plural = (count: number, one: string, many = `${one}s`) =>
  `${number(count)} ${count === 1 ? one : many}`;
const pounds = (value: string) => formatPounds(poundsToPence(value), { exact: true });
const poundsNumber = (value: string) => (poundsToPence(value) ?? 0) / 100;
const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
const mediumLabel = (medium: string) =>
  (MEDIUM_LABELS as Record<string, string>)[medium] ?? capitalise(medium);
const days = (value: number | null) =>
  value === null ? 'N/A' : `${value.toLocaleString('en-GB')} ${value === 1 ? 'day' : 'days'}`;

const monthFormat = new Intl.DateTimeFormat('en-GB', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const periodLabel = (interval: AnalyticsInterval, start: string) => {
  const date = new Date(`${start}T00:00:00Z`);
  return interval === 'month' ? monthFormat.format(date) : `w/c ${dayFormat.format(date)}`;
};

function HeadlineFigures({ data }: { data: AdminAnalytics }) {
  const { users, verification, money } = data;
  return (
    <StatTiles label="Headline figures">
      <StatTile
        icon={Users}
        label="Users"
        value={number(users.total)}
        hint={`${plural(users.premiumProducers, 'Premium producer')}`}
      />
      <StatTile
        icon={Hourglass}
        label="Agents awaiting verification"
        value={number(verification.pending)}
        hint={
          verification.pending > 0
            ? `oldest ${days(verification.oldestAgeDays)}, median ${days(verification.medianAgeDays)}`
            : 'The queue is empty'
        }
      />
      <StatTile
        icon={PoundSterling}
        label="Card holds outstanding"
        value={pounds(money.holdsOutstanding)}
        hint={`${plural(money.holdsOutstandingCount, 'offer')} awaiting the agent`}
      />
      <StatTile
        icon={PoundSterling}
        label="Captured option fees"
        value={pounds(money.captured)}
        hint={`${plural(money.capturedCount, 'accepted offer')}`}
      />
      <StatTile
        icon={PoundSterling}
        label="Membership revenue"
        value={pounds(money.membership.gross)}
        hint={`${pounds(money.membership.net)} + ${pounds(money.membership.vat)} VAT, ${plural(
          money.membership.payments,
          'payment',
        )}`}
      />
      <StatTile
        icon={RefreshCw}
        label="Renewals due"
        value={number(money.renewalsDue.count)}
        hint={`in the next ${money.renewalsDue.windowDays} days; ${plural(
          money.renewalsDue.endingCount,
          'membership',
        )} ending without renewal`}
      />
      <StatTile
        icon={Clock}
        label="Refunded memberships"
        value={pounds(money.membership.refunded)}
        hint={plural(money.membership.refundedCount, 'payment')}
      />
      <StatTile label="Listings" value={number(data.listings.total)} hint="every status" />
    </StatTiles>
  );
}

function topListingPanel(
  title: string,
  what: string,
  csvName: string,
  rows: TopListing[],
  emptyText: string,
) {
  return (
    <AnalyticsPanel
      title={title}
      summary={
        rows.length > 0
          ? `${rows[0].title} leads with ${plural(rows[0].count, what)}; the top ${rows.length} listed.`
          : ''
      }
      csvName={csvName}
      columns={[
        { id: 'title', header: 'Listing' },
        { id: 'author', header: 'Author' },
        { id: 'count', header: capitalise(`${what}s`), align: 'right' },
      ]}
      rows={rows.map((row) => ({ ...row }))}
      render={{
        title: (row) => (
          <Link
            to={paths.listing(Number(row.listingId))}
            className="text-brand-700 hover:underline"
          >
            {String(row.title)}
          </Link>
        ),
      }}
      emptyText={emptyText}
    >
      <SimpleBarChart
        data={rows.map((row) => ({ title: row.title, count: row.count }))}
        category="title"
        series={[{ key: 'count', label: capitalise(`${what}s`) }]}
        isHorizontal
      />
    </AnalyticsPanel>
  );
}

type Panel = { title: string; node: ReactNode };

/** Who is on the platform: users by role, sign-ups over time, the agent verification queue. */
function peoplePanels({ interval, users, verification }: AdminAnalytics): Panel[] {
  const period = interval === 'month' ? 'month' : 'week';
  const signups = users.signups.map((row) => ({
    period: periodLabel(interval, row.period),
    count: row.count,
  }));
  const signupTotal = users.signups.reduce((sum, row) => sum + row.count, 0);
  return [
    {
      title: 'Users by role',
      node: (
        <AnalyticsPanel
          title="Users by role"
          summary={`${plural(users.total, 'user')}: ${users.byRole
            .map((row) => `${number(row.count)} ${row.role}`)
            .join(', ')}.`}
          csvName="users-by-role"
          columns={[
            { id: 'role', header: 'Role' },
            { id: 'count', header: 'Users', align: 'right' },
          ]}
          rows={users.byRole.map((row) => ({ role: capitalise(row.role), count: row.count }))}
          emptyText="No users yet."
        >
          <SimpleBarChart
            data={users.byRole.map((row) => ({ role: capitalise(row.role), count: row.count }))}
            category="role"
            series={[{ key: 'count', label: 'Users' }]}
          />
        </AnalyticsPanel>
      ),
    },
    {
      title: 'Sign-ups',
      node: (
        <AnalyticsPanel
          title={`Sign-ups by ${period}`}
          summary={`${plural(signupTotal, 'sign-up')} over the last ${signups.length} ${period}s.`}
          csvName={`signups-by-${period}`}
          columns={[
            { id: 'period', header: capitalise(period) },
            { id: 'count', header: 'Sign-ups', align: 'right' },
          ]}
          rows={signups}
          isEmpty={signupTotal === 0}
          emptyText={`Nobody signed up in the last ${signups.length} ${period}s.`}
        >
          <SimpleBarChart
            data={signups}
            category="period"
            series={[{ key: 'count', label: 'Sign-ups' }]}
          />
        </AnalyticsPanel>
      ),
    },
    {
      title: 'Agent verification queue',
      node: (
        <AnalyticsPanel
          title="Agent verification queue"
          summary={`${plural(verification.pending, 'application')} waiting; the oldest for ${days(
            verification.oldestAgeDays,
          )}, the median for ${days(verification.medianAgeDays)}.`}
          csvName="agent-verification-queue"
          columns={[
            { id: 'band', header: 'Waiting' },
            { id: 'count', header: 'Applications', align: 'right' },
          ]}
          rows={verification.ageBands.map((row) => ({ ...row }))}
          isEmpty={verification.pending === 0}
          emptyText="No agent applications are waiting for verification."
        >
          <SimpleBarChart
            data={verification.ageBands.map((row) => ({ ...row }))}
            category="band"
            series={[{ key: 'count', label: 'Applications' }]}
          />
        </AnalyticsPanel>
      ),
    },
  ];
}

/** The catalogue: listings by medium and by status. */
function listingPanels({ listings }: AdminAnalytics): Panel[] {
  return [
    {
      title: 'Listings by medium',
      node: (
        <AnalyticsPanel
          title="Listings by medium"
          summary={`${plural(listings.total, 'listing')} in ${plural(listings.byMedium.length, 'medium', 'media')}.`}
          csvName="listings-by-medium"
          columns={[
            { id: 'medium', header: 'Medium' },
            { id: 'count', header: 'Listings', align: 'right' },
          ]}
          rows={listings.byMedium.map((row) => ({
            medium: mediumLabel(row.medium),
            count: row.count,
          }))}
          emptyText="No listings yet."
        >
          <SimpleBarChart
            data={listings.byMedium.map((row) => ({
              medium: mediumLabel(row.medium),
              count: row.count,
            }))}
            category="medium"
            series={[{ key: 'count', label: 'Listings' }]}
          />
        </AnalyticsPanel>
      ),
    },
    {
      title: 'Listings by status',
      node: (
        <AnalyticsPanel
          title="Listings by status"
          summary={listings.byStatus.map((row) => `${number(row.count)} ${row.status}`).join(', ')}
          csvName="listings-by-status"
          columns={[
            { id: 'status', header: 'Status' },
            { id: 'count', header: 'Listings', align: 'right' },
          ]}
          rows={listings.byStatus.map((row) => ({
            status: capitalise(row.status),
            count: row.count,
          }))}
          emptyText="No listings yet."
        >
          <SimpleBarChart
            data={listings.byStatus.map((row) => ({
              status: capitalise(row.status),
              count: row.count,
            }))}
            category="status"
            series={[{ key: 'count', label: 'Listings' }]}
          />
        </AnalyticsPanel>
      ),
    },
  ];
}

/** Offers through their funnel, and membership revenue over time. */
function offerAndMoneyPanels({ interval, offers, money }: AdminAnalytics): Panel[] {
  const period = interval === 'month' ? 'month' : 'week';
  const revenue = money.membershipByPeriod.map((row) => ({
    period: periodLabel(interval, row.period),
    net: poundsNumber(row.net),
    vat: poundsNumber(row.vat),
    gross: poundsNumber(row.gross),
  }));
  const revenueTotal = revenue.reduce((sum, row) => sum + row.gross, 0);
  const funnel = offers.funnel.map((row) => ({
    stage: FUNNEL_STAGE_LABELS[row.stage],
    count: row.count,
  }));
  const created = offers.funnel.find((row) => row.stage === 'created')?.count ?? 0;
  const authorised = offers.funnel.find((row) => row.stage === 'authorised')?.count ?? 0;
  const accepted = offers.funnel.find((row) => row.stage === 'accepted')?.count ?? 0;
  return [
    {
      title: 'Offer funnel',
      node: (
        <AnalyticsPanel
          title="Offer funnel"
          summary={`${plural(created, 'offer')} started, ${number(authorised)} with an authorised card hold, ${number(
            accepted,
          )} accepted. Outcomes count authorised offers only.`}
          csvName="offer-funnel"
          columns={[
            { id: 'stage', header: 'Stage' },
            { id: 'count', header: 'Offers', align: 'right' },
          ]}
          rows={funnel}
          isEmpty={created === 0}
          emptyText="No offers yet."
        >
          <SimpleBarChart
            data={funnel}
            category="stage"
            series={[{ key: 'count', label: 'Offers' }]}
            isHorizontal
          />
        </AnalyticsPanel>
      ),
    },
    {
      title: 'Membership revenue',
      node: (
        <AnalyticsPanel
          title={`Membership revenue by ${period}`}
          summary={`${formatPounds(Math.round(revenueTotal * 100), { exact: true })} paid (VAT included, refunds left out) over the last ${revenue.length} ${period}s.`}
          csvName={`membership-revenue-by-${period}`}
          columns={[
            { id: 'period', header: capitalise(period) },
            { id: 'net', header: 'Net (£)', align: 'right' },
            { id: 'vat', header: 'VAT (£)', align: 'right' },
            { id: 'gross', header: 'Total (£)', align: 'right' },
          ]}
          rows={revenue.map((row) => ({
            period: row.period,
            net: row.net.toFixed(2),
            vat: row.vat.toFixed(2),
            gross: row.gross.toFixed(2),
          }))}
          legend={[
            { label: 'Net', color: '#0f766e' },
            { label: 'VAT', color: '#a16207' },
          ]}
          isEmpty={revenueTotal === 0}
          emptyText={`No membership payments in the last ${revenue.length} ${period}s.`}
        >
          <SimpleBarChart
            data={revenue}
            category="period"
            series={[
              { key: 'net', label: 'Net (£)' },
              { key: 'vat', label: 'VAT (£)' },
            ]}
            isStacked
          />
        </AnalyticsPanel>
      ),
    },
  ];
}

/** What people look at, save and search for without finding. */
function interestPanels(data: AdminAnalytics): Panel[] {
  return [
    {
      title: 'Most viewed listings',
      node: topListingPanel(
        'Most viewed listings',
        'view',
        'most-viewed-listings',
        data.mostViewed,
        'No listing views recorded yet.',
      ),
    },
    {
      title: 'Most favourited listings',
      node: topListingPanel(
        'Most favourited listings',
        'favourite',
        'most-favourited-listings',
        data.mostFavourited,
        'Nobody has saved a listing yet.',
      ),
    },
    {
      title: 'Searches that found nothing',
      node: (
        <AnalyticsPanel
          title="Searches that found nothing"
          summary={
            data.zeroResultSearches.length > 0
              ? `“${data.zeroResultSearches[0].query}” is the most searched term without a result (${plural(
                  data.zeroResultSearches[0].count,
                  'search',
                  'searches',
                )}).`
              : ''
          }
          csvName="searches-without-results"
          columns={[
            { id: 'query', header: 'Search' },
            { id: 'count', header: 'Times', align: 'right' },
            { id: 'last', header: 'Last searched' },
          ]}
          rows={data.zeroResultSearches.map((row) => ({
            query: row.query,
            count: row.count,
            last: row.lastSearchedAt.slice(0, 10),
          }))}
          emptyText="Every search so far found something."
        >
          <SimpleBarChart
            data={data.zeroResultSearches.map((row) => ({ query: row.query, count: row.count }))}
            category="query"
            series={[{ key: 'count', label: 'Searches' }]}
            isHorizontal
          />
        </AnalyticsPanel>
      ),
    },
  ];
}

function Panels({ data }: { data: AdminAnalytics }) {
  const panels = [
    ...peoplePanels(data),
    ...listingPanels(data),
    ...offerAndMoneyPanels(data),
    ...interestPanels(data),
  ];
  return (
    <div className="grid gap-5">
      {panels.map((panel) => (
        <PanelBoundary key={panel.title} title={panel.title}>
          {panel.node}
        </PanelBoundary>
      ))}
    </div>
  );
}

/** /admin/analytics: the platform's figures for administrators, each with its table and CSV. */
export default function AdminAnalyticsPage() {
  usePageTitle('Admin analytics');
  const { user, isLoading } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const interval: AnalyticsInterval = params.get('interval') === 'week' ? 'week' : 'month';
  const analytics = useAdminAnalytics(interval, user?.role === 'admin');
  if (isLoading) return <Skeleton className="m-8 h-64" />;
  if (user?.role !== 'admin') return <Navigate to={paths.home} replace />;
  return (
    <div className="mx-auto max-w-6xl space-y-5 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader
        eyebrow="Admin"
        title="Analytics"
        description="Users, the agent queue, listings, offers, money and what people look for, counted from the platform's records."
        actions={
          <>
            <label className="flex items-center gap-2 text-sm text-ink-soft">
              Time series by
              <select
                value={interval}
                onChange={(event) => {
                  const next = new URLSearchParams(params);
                  next.set('interval', event.target.value);
                  setParams(next, { replace: true });
                }}
                className="h-9 rounded-md border border-line bg-surface px-2 text-sm text-ink"
              >
                {ANALYTICS_INTERVALS.map((value) => (
                  <option key={value} value={value}>
                    {capitalise(value)}
                  </option>
                ))}
              </select>
            </label>
            <Link
              to={paths.adminImageUpload}
              className="inline-flex h-9 items-center text-sm font-medium text-brand-700 hover:underline"
            >
              Bulk image upload
            </Link>
            <Link
              to={paths.adminJobs}
              className="inline-flex h-9 items-center text-sm font-medium text-brand-700 hover:underline"
            >
              Background jobs
            </Link>
            <Link
              to={paths.adminOptions}
              className="inline-flex h-9 items-center text-sm font-medium text-brand-700 hover:underline"
            >
              Live options
            </Link>
          </>
        }
      />
      {analytics.isPending ? (
        <Skeleton className="h-96 w-full" />
      ) : analytics.isError ? (
        <LoadError
          title="The analytics could not be loaded"
          onRetry={() => void analytics.refetch()}
        />
      ) : (
        <>
          <HeadlineFigures data={analytics.data} />
          <p className="text-xs text-ink-muted">
            Counted at {new Date(analytics.data.generatedAt).toLocaleString('en-GB')}.
          </p>
          <Panels data={analytics.data} />
        </>
      )}
    </div>
  );
}
