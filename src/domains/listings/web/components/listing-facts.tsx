import type { ListingDetail } from '../../listings.schema';
import { publishedDate } from '../lib/listing-detail-sections';
import { viabilityText } from '../lib/listing-labels';

/** Pages, Published, Category and Rights Status; 'N/A' for what the agent left out. */
export function ListingFacts({ listing }: { listing: ListingDetail }) {
  const facts: [string, string][] = [
    ['Pages', listing.pages === null ? 'N/A' : listing.pages.toLocaleString('en-GB')],
    ['Published', publishedDate(listing) ?? 'N/A'],
    ['Category', listing.category || 'N/A'],
    ['Rights Status', listing.rightsStatus || 'N/A'],
    ['Viability', viabilityText(listing.viabilityScore)],
  ];
  return (
    <dl className="divide-y divide-line rounded-card border border-line bg-surface text-sm">
      {facts.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4 px-4 py-2.5">
          <dt className="text-ink-muted">{label}</dt>
          <dd className="text-right font-medium text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
