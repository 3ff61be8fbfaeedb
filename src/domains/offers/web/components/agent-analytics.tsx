import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '@/web/components/ui/chart-frame';
import { CHART_COLORS } from '@/web/components/ui/chart-colors';
import { DataTable } from '@/web/components/ui/data-table';
import { Skeleton } from '@/web/components/ui/skeleton';
import { StatTile, StatTiles } from '@/web/components/ui/stat-tile';
import { formatPounds, poundsToPence } from '@/shared/money';
import type { AgentListing, Offer } from '../../offers.schema';
import { useAgentListings, useAgentOffers } from '../api/agent-workspace';
import OffersByMonthChart from './offers-by-month-chart';

interface ListingPerformance {
  id: number;
  title: string;
  totalOffers: number;
  accepted: number;
  revenuePence: number;
  averageOfferPence: number | null;
  /** accepted ÷ offers that reached the agent; null without offers. */
  conversionRate: number | null;
}

const penceOf = (offer: Offer) => poundsToPence(offer.offerPrice) ?? 0;

/** Per listing, from the offers that reached the agent (authorised holds) and their outcomes. */
export function listingPerformance(
  listings: AgentListing[],
  offers: Offer[],
): ListingPerformance[] {
  return listings.map((listing) => {
    const own = offers.filter((offer) => offer.listingId === listing.id);
    const accepted = own.filter((offer) => offer.status === 'accepted');
    const total = own.reduce((sum, offer) => sum + penceOf(offer), 0);
    return {
      id: listing.id,
      title: listing.title,
      totalOffers: own.length,
      accepted: accepted.length,
      revenuePence: accepted.reduce((sum, offer) => sum + penceOf(offer), 0),
      averageOfferPence: own.length > 0 ? Math.round(total / own.length) : null,
      conversionRate: own.length > 0 ? accepted.length / own.length : null,
    };
  });
}

const percent = (rate: number | null) =>
  rate === null ? 'N/A' : `${(rate * 100).toLocaleString('en-GB', { maximumFractionDigits: 1 })}%`;

/** The agent's Analytics tab: figures, offers by month, revenue by listing, per-listing table. */
export default function AgentAnalytics({ agentId }: { agentId: number }) {
  const offers = useAgentOffers(agentId);
  const listings = useAgentListings(agentId);
  if (offers.isPending || listings.isPending) return <Skeleton className="h-72 w-full" />;
  if (!offers.data || !listings.data) return null;
  const rows = listingPerformance(listings.data, offers.data);
  const totalOffers = offers.data.length;
  const accepted = rows.reduce((sum, row) => sum + row.accepted, 0);
  const revenue = rows.reduce((sum, row) => sum + row.revenuePence, 0);
  const earning = rows.filter((row) => row.revenuePence > 0);
  return (
    <div className="space-y-6">
      <StatTiles label="Portfolio figures">
        <StatTile label="Total listings" value={listings.data.length} />
        <StatTile label="Total offers" value={totalOffers} hint="with an authorised card hold" />
        <StatTile label="Total revenue" value={formatPounds(revenue)} hint="accepted option fees" />
        <StatTile
          label="Conversion rate"
          value={percent(totalOffers > 0 ? accepted / totalOffers : null)}
          hint={totalOffers > 0 ? `${accepted} accepted of ${totalOffers}` : 'No offers yet'}
        />
      </StatTiles>
      <OffersByMonthChart offers={offers.data} />
      {earning.length === 0 ? (
        <p className="rounded-card border border-line bg-surface p-4 text-sm text-ink-muted">
          Revenue by listing will appear here once you accept an offer.
        </p>
      ) : (
        <ChartFrame
          title="Revenue by listing"
          summary={`${formatPounds(revenue)} in accepted option fees across ${earning.length} ${
            earning.length === 1 ? 'listing' : 'listings'
          }.`}
          table={{
            columns: [
              { id: 'title', header: 'Listing' },
              { id: 'revenue', header: 'Revenue', align: 'right' },
            ],
            rows: earning.map((row) => ({
              title: row.title,
              revenue: formatPounds(row.revenuePence),
            })),
          }}
        >
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              data={earning.map((row) => ({ title: row.title, pounds: row.revenuePence / 100 }))}
            >
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="title" tick={{ fontSize: 11 }} interval={0} />
              <YAxis tick={{ fontSize: 12 }} />
              <Tooltip />
              <Bar dataKey="pounds" name="Revenue (£)" fill={CHART_COLORS[0]} />
            </BarChart>
          </ResponsiveContainer>
        </ChartFrame>
      )}
      <DataTable
        caption="Performance by listing"
        rows={rows}
        rowKey={(row) => row.id}
        initialSort={{ columnId: 'offers', direction: 'desc' }}
        columns={[
          {
            id: 'title',
            header: 'Listing',
            cell: (row) => row.title,
            sortValue: (row) => row.title,
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
            cell: (row) => row.accepted,
            sortValue: (row) => row.accepted,
          },
          {
            id: 'average',
            header: 'Average offer',
            align: 'right',
            cell: (row) =>
              row.averageOfferPence === null ? 'N/A' : formatPounds(row.averageOfferPence),
            sortValue: (row) => row.averageOfferPence,
          },
          {
            id: 'revenue',
            header: 'Revenue',
            align: 'right',
            cell: (row) => formatPounds(row.revenuePence),
            sortValue: (row) => row.revenuePence,
          },
          {
            id: 'conversion',
            header: 'Conversion',
            align: 'right',
            cell: (row) => percent(row.conversionRate),
            sortValue: (row) => row.conversionRate,
          },
        ]}
      />
    </div>
  );
}
