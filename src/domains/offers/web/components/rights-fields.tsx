import type { Exclusivity } from '@/domains/listings/listings.constants';
import { Select } from '@/web/components/ui/input';
import type { Offer } from '../../offers.schema';
import { exclusivityText } from '../lib/offer-display';

/**
 * The exclusivity of a counter-offer: no wider than the listing's. (The media and territories
 * are picked from the listing's grid: the rights room's picker.)
 */
export function ExclusivityField({
  offered,
  value,
  onChange,
}: {
  offered: Offer['listingRights'];
  value: Exclusivity | null;
  onChange: (next: Exclusivity | null) => void;
}) {
  const exclusivities = [
    ...new Set([offered.exclusivity, 'non-exclusive' as const].filter(Boolean)),
  ] as Exclusivity[];
  if (exclusivities.length === 0) return null;
  return (
    <label className="block space-y-1 text-sm font-medium text-ink">
      <span>Exclusivity</span>
      <Select
        value={value ?? ''}
        onChange={(event) => onChange((event.target.value || null) as Exclusivity | null)}
      >
        {exclusivities.map((option) => (
          <option key={option} value={option}>
            {exclusivityText(option)}
          </option>
        ))}
      </Select>
    </label>
  );
}
