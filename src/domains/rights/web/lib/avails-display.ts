import { RIGHT_LABELS, type Right } from '@/domains/listings/listings.constants';
import type { CellState } from '../../rights.constants';
import type { AvailsCell } from '../api/avails-types';

/** Dates of the rights grid as a UK reader writes them: '12 March 2028'. */
const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});
const andList = new Intl.ListFormat('en-GB', { style: 'long', type: 'conjunction' });

export function formatRightsDate(iso: string): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : longDate.format(date);
}

/** 'Film, TV and Stage' */
export const joinWithAnd = (items: readonly string[]) => andList.format(items);

/** One square of the grid as words: 'Film in UK'. */
export const cellLabel = (cell: { media: Right; territory: string }) =>
  `${RIGHT_LABELS[cell.media]} in ${cell.territory}`;

/** Optioned or sold: nobody else may take the cell. Under offer is information only. */
export const isTaken = (state: CellState) => state === 'optioned' || state === 'sold';

/** The state of a cell in words (never colour alone): 'Optioned until 12 March 2028'. */
export function cellStateText(cell: Pick<AvailsCell, 'state' | 'until'>): string {
  switch (cell.state) {
    case 'available':
      return 'Available';
    case 'under_offer':
      return 'Under offer';
    case 'sold':
      return 'Sold';
    case 'optioned': {
      const until = cell.until ? formatRightsDate(cell.until) : null;
      return until ? `Optioned until ${until}` : 'Optioned, end date not recorded';
    }
  }
}

/** The holder of a taken cell as the agent reads it ('Olivia Bennett'), if known. */
export function holderText(cell: AvailsCell): string | null {
  if (!cell.holder) return null;
  if (cell.holder.producerName) return cell.holder.producerName;
  return cell.holder.offerId === null ? LEGACY_HOLDER : null;
}

/** A grant recorded from before the platform (no offer, no producer on file). */
export const LEGACY_HOLDER = 'an earlier option';

/**
 * The line above the grid: '3 of 8 parts available now; Film in UK available again from
 * 12 March 2028' (the soonest option to end, with any other cells ending that day).
 */
export function availsSummary(cells: readonly AvailsCell[]): string | null {
  if (cells.length === 0) return null;
  const free = cells.filter((cell) => !isTaken(cell.state)).length;
  const head = `${free} of ${cells.length} ${cells.length === 1 ? 'part' : 'parts'} available now`;
  const ending = cells
    .filter((cell) => cell.state === 'optioned' && cell.until && formatRightsDate(cell.until))
    .map((cell) => ({ cell, day: formatRightsDate(cell.until ?? '') ?? '' }))
    .sort((a, b) => Date.parse(a.cell.until ?? '') - Date.parse(b.cell.until ?? ''));
  if (ending.length === 0) return head;
  const soonest = ending[0].day;
  const labels = ending.filter((entry) => entry.day === soonest).map((e) => cellLabel(e.cell));
  const shown =
    labels.length > 3 ? [...labels.slice(0, 2), `${labels.length - 2} more parts`] : labels;
  return `${head}; ${joinWithAnd(shown)} available again from ${soonest}`;
}
