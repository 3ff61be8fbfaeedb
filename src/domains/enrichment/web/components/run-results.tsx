import { Link } from 'react-router';
import { Badge, type BadgeTone } from '@/web/components/ui/badge';
import { paths } from '@/shared/paths';
import type { RunResult } from '../../enrichment.schema';

const RESULT_TONES: Record<RunResult['status'], BadgeTone> = {
  enriched: 'green',
  no_match: 'slate',
  ambiguous: 'amber',
  error: 'red',
  skipped: 'slate',
};
const RESULT_LABELS: Record<RunResult['status'], string> = {
  enriched: 'Enriched',
  no_match: 'No match',
  ambiguous: 'Ambiguous',
  error: 'Error',
  skipped: 'Skipped',
};

const figure = (value: unknown) =>
  typeof value === 'number' ? value.toLocaleString('en-GB') : value === true ? 'yes' : 'no';

/** What a result found, in a line: the service's figures or its message. */
function summary(result: RunResult, describe: (data: Record<string, unknown>) => string) {
  if (result.status === 'error' || !result.data) return result.message ?? '';
  const text = describe(result.data);
  return result.message ? `${text} · ${result.message}` : text;
}

export const describeVideo = (data: Record<string, unknown>) =>
  `${figure(data.totalViews)} views over ${figure(data.videoCount)} videos · popularity ${figure(data.popularityScore)}`;
export const describeSocial = (data: Record<string, unknown>) =>
  `${figure(data.mentions)} mentions · buzz ${figure(data.buzzScore)} · book clubs ${figure(data.bookClubMentions)}`;
export const describeBook = (data: Record<string, unknown>) => {
  const applied = Array.isArray(data.applied) ? data.applied.join(', ') : '';
  return `${String(data.title ?? '')} (confidence ${figure(data.confidence)})${applied ? ` · applied ${applied}` : ''}`;
};

/** Per-listing results of a run: listing, outcome, what was found or what went wrong. */
export function RunResults({
  results,
  describe,
}: {
  results: RunResult[];
  describe: (data: Record<string, unknown>) => string;
}) {
  if (results.length === 0) {
    return <p className="text-sm text-ink-muted">No listing has been processed yet.</p>;
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-ink-muted">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Listing
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Result
            </th>
            <th scope="col" className="py-2 font-medium">
              Details
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {results.map((result) => (
            <tr key={`${result.listingId}-${result.createdAt}`}>
              <td className="py-2 pr-3">
                <Link
                  to={paths.listing(result.listingId)}
                  className="text-brand-700 underline underline-offset-2"
                >
                  {result.title}
                </Link>
              </td>
              <td className="py-2 pr-3">
                <Badge tone={RESULT_TONES[result.status]}>{RESULT_LABELS[result.status]}</Badge>
              </td>
              <td className="py-2 text-ink-muted">{summary(result, describe)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
