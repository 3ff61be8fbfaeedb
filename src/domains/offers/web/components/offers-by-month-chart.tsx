import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '@/web/components/ui/chart-frame';
import { CHART_COLORS } from '@/web/components/ui/chart-colors';
import type { MySubmissionsResponse } from '../../offers.schema';

type Offer = MySubmissionsResponse['offers'][number];

const SERIES = [
  { key: 'pending', label: 'Pending', color: CHART_COLORS[1] },
  { key: 'accepted', label: 'Accepted', color: CHART_COLORS[0] },
  { key: 'closed', label: 'Rejected or closed', color: CHART_COLORS[4] },
] as const;

interface MonthRow {
  month: string;
  pending: number;
  accepted: number;
  closed: number;
}

const monthLabel = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric' });

/** The producer's submitted offers per month of submission, by what became of them. */
export function offersByMonth(offers: Offer[]): MonthRow[] {
  const months = new Map<string, MonthRow>();
  const submitted = offers
    .filter((offer) => offer.submittedAt !== null)
    .sort((a, b) => (a.submittedAt ?? '').localeCompare(b.submittedAt ?? ''));
  for (const offer of submitted) {
    const month = monthLabel.format(new Date(offer.submittedAt ?? ''));
    const row = months.get(month) ?? { month, pending: 0, accepted: 0, closed: 0 };
    if (offer.status === 'pending') row.pending += 1;
    else if (offer.status === 'accepted') row.accepted += 1;
    else row.closed += 1;
    months.set(month, row);
  }
  return [...months.values()];
}

/** The dashboard's chart of offers by month, with its table; says so when there is none. */
export default function OffersByMonthChart({ offers }: { offers: Offer[] }) {
  const rows = offersByMonth(offers);
  if (rows.length === 0) {
    return (
      <p className="rounded-card border border-line bg-surface p-4 text-sm text-ink-muted">
        Offers by month will appear here once you have submitted an offer.
      </p>
    );
  }
  const total = rows.reduce((sum, row) => sum + row.pending + row.accepted + row.closed, 0);
  return (
    <ChartFrame
      title="Offers by month"
      summary={`${total} submitted ${total === 1 ? 'offer' : 'offers'} over ${rows.length} ${
        rows.length === 1 ? 'month' : 'months'
      }, by what became of each.`}
      legend={SERIES.map(({ label, color }) => ({ label, color }))}
      table={{
        columns: [
          { id: 'month', header: 'Month' },
          ...SERIES.map(({ key, label }) => ({ id: key, header: label, align: 'right' as const })),
        ],
        rows: rows.map((row) => ({ ...row })),
      }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="month" tick={{ fontSize: 12 }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip />
          {SERIES.map(({ key, label, color }) => (
            <Bar key={key} dataKey={key} name={label} stackId="offers" fill={color} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
