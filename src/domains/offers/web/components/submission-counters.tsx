import type { OfferCounts } from '../../offers.schema';

const COUNTERS: { key: keyof OfferCounts; label: string; tone: string }[] = [
  { key: 'total', label: 'Total', tone: 'text-slate-900' },
  { key: 'pending', label: 'Pending', tone: 'text-amber-700' },
  { key: 'accepted', label: 'Accepted', tone: 'text-green-700' },
  { key: 'rejected', label: 'Rejected', tone: 'text-red-700' },
];

/** The four counters of My Submissions and the dashboard. */
export function SubmissionCounters({ counts }: { counts: OfferCounts }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Submission counts">
      {COUNTERS.map((counter) => (
        <div key={counter.key} className="rounded-lg border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">{counter.label}</dt>
          <dd className={`mt-1 text-2xl font-bold ${counter.tone}`}>{counts[counter.key]}</dd>
        </div>
      ))}
    </dl>
  );
}
