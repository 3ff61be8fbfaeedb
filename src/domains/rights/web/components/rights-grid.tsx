import { Link } from 'react-router';
import { RIGHT_LABELS } from '@/domains/listings/listings.constants';
import { cellKeyOf } from '../../rights.constants';
import type { AvailsCell } from '../api/avails-types';
import { LEGACY_HOLDER, holderText, isTaken } from '../lib/avails-display';
import { CellStateChip } from './cell-state';

export interface RightsGridProps {
  /** Names the table ('Rights availability of The Keeper’s Logbook'). */
  caption: string;
  media: AvailsCell['media'][];
  territories: string[];
  cells: AvailsCell[];
  /** Where a deal is read (the agent's submissions); without it holders are named, not linked. */
  dealHref?: (offerId: number) => string;
}

/** Who holds or is offering for a cell, for the listing's agent and admins. */
function Holder({ cell, dealHref }: { cell: AvailsCell; dealHref?: (id: number) => string }) {
  const name = holderText(cell);
  if (!name) return null;
  const offerId = cell.holder?.offerId ?? null;
  const verb = !isTaken(cell.state)
    ? 'Offer from'
    : name === LEGACY_HOLDER
      ? 'Held under'
      : 'Held by';
  return (
    <span className="block text-xs text-ink-muted sm:whitespace-nowrap">
      {verb}{' '}
      {offerId !== null && dealHref ? (
        <Link to={dealHref(offerId)} className="font-medium text-brand-700 hover:underline">
          {name}
          <span className="sr-only"> (offer {offerId})</span>
        </Link>
      ) : (
        <span className="font-medium text-ink-soft">{name}</span>
      )}
    </span>
  );
}

/**
 * A listing's rights as a grid: media down the side, territories across, each cell's state in
 * words with an icon and a colour. On a phone it scrolls sideways with the media column
 * pinned (the region is focusable so a keyboard can scroll it too).
 */
export function RightsGrid({ caption, media, territories, cells, dealHref }: RightsGridProps) {
  const byKey = new Map(cells.map((cell) => [cellKeyOf(cell), cell]));
  return (
    <div
      className="relative overflow-x-auto rounded-card border border-line bg-surface focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <table className="min-w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-sunken/60">
          <tr>
            <th
              scope="col"
              className="sticky left-0 bg-surface-sunken px-3 py-2 text-left font-semibold text-ink-soft"
            >
              Medium
            </th>
            {territories.map((territory) => (
              <th
                key={territory}
                scope="col"
                className="px-3 py-2 text-left font-semibold whitespace-nowrap text-ink-soft"
              >
                {territory}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {media.map((medium) => (
            <tr key={medium}>
              <th
                scope="row"
                className="sticky left-0 bg-surface px-3 py-2 text-left font-medium whitespace-nowrap text-ink"
              >
                {RIGHT_LABELS[medium]}
              </th>
              {territories.map((territory) => {
                const cell = byKey.get(cellKeyOf({ media: medium, territory }));
                return (
                  <td key={territory} className="px-3 py-2 align-top">
                    {cell ? (
                      <>
                        <CellStateChip cell={cell} className="sm:whitespace-nowrap" />
                        <Holder cell={cell} dealHref={dealHref} />
                      </>
                    ) : (
                      <span className="text-ink-muted">Not known</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
