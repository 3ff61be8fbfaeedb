import type { Exclusivity, Right } from '@/domains/listings/listings.constants';
import { Select } from '@/web/components/ui/input';
import type { Offer } from '../../offers.schema';
import { exclusivityText, mediaText } from '../lib/offer-display';

export interface RightsForm {
  media: Right[];
  territories: string[];
  exclusivity: Exclusivity | null;
}

const toggle = <T,>(list: readonly T[], item: T, isOn: boolean, order: readonly T[]): T[] => {
  const next = new Set(list);
  if (isOn) next.add(item);
  else next.delete(item);
  // Kept in the listing's order, so a version reads as the listing does.
  return order.filter((value) => next.has(value));
};

/**
 * The rights of a counter-offer: media and territories as boxes to tick, only among what the
 * listing offers (a counter may narrow them, never add to them), and exclusivity no wider
 * than the listing's.
 */
export function RightsFields({
  offered,
  value,
  onChange,
}: {
  offered: Offer['listingRights'];
  value: RightsForm;
  onChange: (next: RightsForm) => void;
}) {
  const exclusivities = [
    ...new Set([offered.exclusivity, 'non-exclusive' as const].filter(Boolean)),
  ] as Exclusivity[];
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-ink">Media</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {offered.media.map((right) => (
            <label key={right} className="flex items-center gap-2 text-sm text-ink-soft">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-700"
                checked={value.media.includes(right)}
                onChange={(event) =>
                  onChange({
                    ...value,
                    media: toggle(value.media, right, event.target.checked, offered.media),
                  })
                }
              />
              {mediaText([right])}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-ink">Territories</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {offered.territories.map((territory) => (
            <label key={territory} className="flex items-center gap-2 text-sm text-ink-soft">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-700"
                checked={value.territories.includes(territory)}
                onChange={(event) =>
                  onChange({
                    ...value,
                    territories: toggle(
                      value.territories,
                      territory,
                      event.target.checked,
                      offered.territories,
                    ),
                  })
                }
              />
              {territory}
            </label>
          ))}
        </div>
      </fieldset>
      {exclusivities.length > 0 ? (
        <label className="block space-y-1 text-sm font-medium text-ink">
          <span>Exclusivity</span>
          <Select
            value={value.exclusivity ?? ''}
            onChange={(event) =>
              onChange({ ...value, exclusivity: (event.target.value || null) as Exclusivity })
            }
          >
            {exclusivities.map((option) => (
              <option key={option} value={option}>
                {exclusivityText(option)}
              </option>
            ))}
          </Select>
        </label>
      ) : null}
    </div>
  );
}
