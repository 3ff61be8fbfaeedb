import { useId, useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card } from '@/web/components/ui/card';
import { ChartFrame } from '@/web/components/ui/chart-frame';
import { CHART_COLORS } from '@/web/components/ui/chart-colors';
import { LoadError } from '@/web/components/ui/load-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import type { ListingPerformance } from '../../insights.schema';
import { useListingViewers } from '../api/agent-insights';
import { formatMonth } from '../lib/analytics-format';

const formatDay = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

/**
 * Who viewed: per listing, viewers over time and the names of the producers who chose to let
 * agents see them. Everyone else stays a number.
 */
export function ListingViewersPanel({
  agentId,
  listings,
}: {
  agentId: number;
  listings: Pick<ListingPerformance, 'id' | 'title'>[];
}) {
  const selectId = useId();
  const [listingId, setListingId] = useState<number>(listings[0].id);
  const viewers = useListingViewers(agentId, listingId);

  return (
    <Card className="space-y-4 p-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="font-display text-lg font-semibold text-ink">Who viewed</h2>
          <p className="text-sm text-ink-muted">
            Producers choose in their account settings whether agents may see their name. Those who
            do not are counted, never named.
          </p>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={selectId} className="text-sm font-medium text-ink">
            Listing
          </label>
          <select
            id={selectId}
            value={listingId}
            onChange={(event) => setListingId(Number(event.target.value))}
            className="h-10 rounded-md border border-line bg-surface px-3 text-sm text-ink"
          >
            {listings.map((listing) => (
              <option key={listing.id} value={listing.id}>
                {listing.title}
              </option>
            ))}
          </select>
        </div>
      </div>
      {viewers.isPending ? <Skeleton className="h-40 w-full" /> : null}
      {viewers.isError ? (
        <LoadError title="Failed to load viewers" onRetry={() => void viewers.refetch()} />
      ) : null}
      {viewers.data ? (
        viewers.data.uniqueViewers === 0 ? (
          <p className="text-sm text-ink-muted">Nobody has opened this listing yet.</p>
        ) : (
          <>
            <ChartFrame
              title={`Viewers of ${viewers.data.title}`}
              summary={`${viewers.data.uniqueViewers} ${
                viewers.data.uniqueViewers === 1 ? 'person has' : 'people have'
              } opened it (${viewers.data.totalViews} views, one per person a month).`}
              table={{
                columns: [
                  { id: 'label', header: 'Month' },
                  { id: 'viewers', header: 'Viewers', align: 'right' },
                ],
                rows: viewers.data.months
                  .filter((month) => month.viewers > 0)
                  .map((month) => ({ label: formatMonth(month.month), viewers: month.viewers })),
              }}
            >
              <ResponsiveContainer width="100%" height="100%">
                <BarChart
                  data={viewers.data.months.map((month) => ({
                    ...month,
                    label: formatMonth(month.month),
                  }))}
                  margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
                >
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="label" tick={{ fontSize: 11 }} />
                  <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
                  <Tooltip />
                  <Bar dataKey="viewers" name="Viewers" fill={CHART_COLORS[2]} />
                </BarChart>
              </ResponsiveContainer>
            </ChartFrame>
            <div>
              <h3 className="text-sm font-semibold text-ink">Producers who shared their name</h3>
              {viewers.data.namedViewers.length === 0 ? (
                <p className="text-sm text-ink-muted">None of the viewers shared their name.</p>
              ) : (
                <ul className="mt-2 divide-y divide-line rounded-md border border-line">
                  {viewers.data.namedViewers.map((viewer) => (
                    <li
                      key={`${viewer.firstName}-${viewer.lastName}-${viewer.lastViewedAt}`}
                      className="flex flex-wrap justify-between gap-2 px-3 py-2 text-sm"
                    >
                      <span className="font-medium text-ink">
                        {viewer.firstName} {viewer.lastName}
                        {viewer.companyName ? (
                          <span className="font-normal text-ink-soft">, {viewer.companyName}</span>
                        ) : null}
                      </span>
                      <span className="text-ink-muted">
                        last viewed {formatDay.format(new Date(viewer.lastViewedAt))}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              {viewers.data.anonymousViewers > 0 ? (
                <p className="mt-2 text-sm text-ink-muted">
                  {viewers.data.anonymousViewers}{' '}
                  {viewers.data.anonymousViewers === 1 ? 'other viewer' : 'other viewers'} did not
                  share their name.
                </p>
              ) : null}
            </div>
          </>
        )
      ) : null}
    </Card>
  );
}
