import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ChartFrame } from '@/web/components/ui/chart-frame';
import { CHART_COLORS } from '@/web/components/ui/chart-colors';
import { DataTable } from '@/web/components/ui/data-table';
import { LoadError } from '@/web/components/ui/load-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { StatTile, StatTiles } from '@/web/components/ui/stat-tile';
import { formatPounds, poundsToPence } from '@/shared/money';
import type { AgentAnalyticsResponse, ListingPerformance } from '../../insights.schema';
import { useAgentAnalytics } from '../api/agent-insights';
import { formatMonth, formatRate } from '../lib/analytics-format';
import { ListingViewersPanel } from './listing-viewers-panel';

const pence = (pounds: string | null) => (pounds === null ? null : (poundsToPence(pounds) ?? 0));

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

function Note({ children }: { children: string }) {
  return (
    <p className="rounded-card border border-line bg-surface p-4 text-sm text-ink-muted">
      {children}
    </p>
  );
}

/** Offers and viewers per month over the last year: bars for offers, a line for viewers. */
function ActivityByMonth({ months }: { months: AgentAnalyticsResponse['months'] }) {
  const rows = months.map((month) => ({ ...month, label: formatMonth(month.month) }));
  const offers = months.reduce((sum, month) => sum + month.offers, 0);
  const viewers = months.reduce((sum, month) => sum + month.viewers, 0);
  if (offers === 0 && viewers === 0) {
    return (
      <Note>
        Offers and views by month will appear here once producers open or bid on your listings.
      </Note>
    );
  }
  return (
    <ChartFrame
      title="Offers and views over time"
      summary={`Over the last 12 months: ${plural(offers, 'offer')} reached you and your listings had ${plural(viewers, 'viewer')} (each person counted once a month).`}
      legend={[
        { label: 'Offers', color: CHART_COLORS[0] },
        { label: 'Accepted', color: CHART_COLORS[1] },
        { label: 'Viewers', color: CHART_COLORS[2] },
      ]}
      table={{
        columns: [
          { id: 'label', header: 'Month' },
          { id: 'viewers', header: 'Viewers', align: 'right' },
          { id: 'favourites', header: 'Favourites', align: 'right' },
          { id: 'offers', header: 'Offers', align: 'right' },
          { id: 'accepted', header: 'Accepted', align: 'right' },
          { id: 'revenue', header: 'Revenue', align: 'right' },
        ],
        rows: rows.map((row) => ({
          ...row,
          revenue: formatPounds(pence(row.revenue) ?? 0),
        })),
      }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip />
          <Bar dataKey="offers" name="Offers" fill={CHART_COLORS[0]} />
          <Bar dataKey="accepted" name="Accepted" fill={CHART_COLORS[1]} />
          <Line
            dataKey="viewers"
            name="Viewers"
            stroke={CHART_COLORS[2]}
            strokeWidth={2}
            dot={false}
            type="monotone"
          />
        </ComposedChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

function RevenueByListing({ rows }: { rows: ListingPerformance[] }) {
  const earning = rows.filter((row) => (pence(row.totalRevenue) ?? 0) > 0);
  if (earning.length === 0) {
    return <Note>Revenue by listing will appear here once you accept an offer.</Note>;
  }
  const total = earning.reduce((sum, row) => sum + (pence(row.totalRevenue) ?? 0), 0);
  return (
    <ChartFrame
      title="Revenue by listing"
      summary={`${formatPounds(total)} in accepted option fees across ${plural(earning.length, 'listing')}.`}
      table={{
        columns: [
          { id: 'title', header: 'Listing' },
          { id: 'revenue', header: 'Revenue', align: 'right' },
        ],
        rows: earning.map((row) => ({
          title: row.title,
          revenue: formatPounds(pence(row.totalRevenue) ?? 0),
        })),
      }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={earning.map((row) => ({
            title: row.title,
            pounds: (pence(row.totalRevenue) ?? 0) / 100,
          }))}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="title" tick={{ fontSize: 11 }} interval={0} />
          <YAxis tick={{ fontSize: 12 }} />
          <Tooltip />
          <Bar dataKey="pounds" name="Revenue (£)" fill={CHART_COLORS[0]} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

/** Views → favourites → offers → accepted, with each step as a share of the one before. */
function ConversionFunnel({ funnel }: { funnel: AgentAnalyticsResponse['funnel'] }) {
  const steps = [
    { step: 'Viewed', count: funnel.viewers, hint: 'people who opened a listing' },
    { step: 'Favourited', count: funnel.favourites, hint: 'saves' },
    { step: 'Offered', count: funnel.offers, hint: 'offers with a card hold' },
    { step: 'Accepted', count: funnel.accepted, hint: 'options sold' },
  ];
  if (funnel.viewers === 0 && funnel.offers === 0) {
    return <Note>The conversion funnel will appear here once producers open your listings.</Note>;
  }
  const shareOf = (count: number, previous: number | undefined) =>
    previous === undefined
      ? '—'
      : formatRate(previous === 0 ? null : Math.round((count / previous) * 1000) / 10);
  return (
    <ChartFrame
      title="Conversion funnel"
      summary={`${plural(funnel.viewers, 'viewer')}, ${plural(funnel.favourites, 'favourite')}, ${plural(funnel.offers, 'offer')} and ${funnel.accepted} accepted across your listings.`}
      table={{
        columns: [
          { id: 'step', header: 'Step' },
          { id: 'count', header: 'Count', align: 'right' },
          { id: 'share', header: 'Of the step before', align: 'right' },
        ],
        rows: steps.map((row, index) => ({
          step: `${row.step} (${row.hint})`,
          count: row.count,
          share: shareOf(row.count, steps[index - 1]?.count),
        })),
      }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={steps} layout="vertical" margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
          <YAxis type="category" dataKey="step" tick={{ fontSize: 12 }} width={80} />
          <Tooltip />
          <Bar dataKey="count" name="Count" fill={CHART_COLORS[5]} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

function PerformanceTable({ rows }: { rows: ListingPerformance[] }) {
  const money = (pounds: string | null) => {
    const value = pence(pounds);
    return value === null ? 'N/A' : formatPounds(value);
  };
  return (
    <DataTable
      caption="Performance by listing"
      rows={rows}
      rowKey={(row) => row.id}
      initialSort={{ columnId: 'offers', direction: 'desc' }}
      columns={[
        { id: 'title', header: 'Listing', cell: (row) => row.title, sortValue: (row) => row.title },
        {
          id: 'medium',
          header: 'Medium',
          cell: (row) => row.medium,
          sortValue: (row) => row.medium,
        },
        {
          id: 'views',
          header: 'Viewers',
          align: 'right',
          cell: (row) => row.uniqueViewers,
          sortValue: (row) => row.uniqueViewers,
        },
        {
          id: 'favourites',
          header: 'Favourites',
          align: 'right',
          cell: (row) => row.favourites,
          sortValue: (row) => row.favourites,
        },
        {
          id: 'offers',
          header: 'Offers',
          align: 'right',
          cell: (row) => row.totalOffers,
          sortValue: (row) => row.totalOffers,
        },
        {
          id: 'accepted',
          header: 'Accepted',
          align: 'right',
          cell: (row) => row.acceptedOffers,
          sortValue: (row) => row.acceptedOffers,
        },
        {
          id: 'average',
          header: 'Average offer',
          align: 'right',
          cell: (row) => money(row.avgOfferPrice),
          sortValue: (row) => pence(row.avgOfferPrice),
        },
        {
          id: 'revenue',
          header: 'Revenue',
          align: 'right',
          cell: (row) => money(row.totalRevenue),
          sortValue: (row) => pence(row.totalRevenue),
        },
        {
          id: 'conversion',
          header: 'Conversion',
          align: 'right',
          cell: (row) => formatRate(row.conversionRate),
          sortValue: (row) => row.conversionRate,
        },
      ]}
    />
  );
}

/**
 * The agent's Analytics tab, from GET /api/analytics/agent/{agentId} (asked for only while the
 * tab is open): figures, activity by month, revenue by listing, the funnel, a per-listing
 * table, and who viewed each listing.
 */
export default function AgentAnalytics({ agentId }: { agentId: number }) {
  const analytics = useAgentAnalytics(agentId);
  if (analytics.isPending) return <Skeleton className="h-72 w-full" />;
  if (analytics.isError) {
    return <LoadError title="Failed to load analytics" onRetry={() => void analytics.refetch()} />;
  }
  const { overview, listingPerformance, months, funnel } = analytics.data;
  return (
    <div className="space-y-6">
      <StatTiles label="Portfolio figures">
        <StatTile label="Total listings" value={overview.totalListings} />
        <StatTile
          label="Total offers"
          value={overview.totalOffers}
          hint="with an authorised card hold"
        />
        <StatTile
          label="Total revenue"
          value={formatPounds(pence(overview.totalRevenue) ?? 0)}
          hint="accepted option fees"
        />
        <StatTile
          label="Conversion rate"
          value={formatRate(overview.conversionRate)}
          hint={overview.totalOffers > 0 ? 'offers accepted' : 'No offers yet'}
        />
        <StatTile
          label="Viewers"
          value={overview.uniqueViewers}
          hint={`${plural(overview.totalViews, 'view')}, one per person a month`}
        />
        <StatTile label="Favourites" value={overview.totalFavourites} />
      </StatTiles>
      <ActivityByMonth months={months} />
      <div className="grid gap-6 xl:grid-cols-2">
        <ConversionFunnel funnel={funnel} />
        <RevenueByListing rows={listingPerformance} />
      </div>
      {listingPerformance.length > 0 ? (
        <PerformanceTable rows={listingPerformance} />
      ) : (
        <Note>Your listings’ performance will appear here once you list a title.</Note>
      )}
      {listingPerformance.length > 0 ? (
        <ListingViewersPanel agentId={agentId} listings={listingPerformance} />
      ) : null}
    </div>
  );
}
