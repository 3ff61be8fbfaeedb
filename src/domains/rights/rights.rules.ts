import { RIGHT_LABELS, type Right } from '@/domains/listings/listings.constants';
import type { RightsCell } from './rights.constants';

/** "Film in UK": one cell as people read it (the territory as the listing spells it). */
export const cellLabel = (cell: RightsCell) =>
  `${RIGHT_LABELS[cell.media as Right] ?? cell.media} in ${cell.territory}`;

/** "Film in UK, TV in Ireland": cells in the order given. */
export const describeCells = (cells: readonly RightsCell[]) => cells.map(cellLabel).join(', ');

/** A part in a sentence: "Film in UK, TV in UK", shortened past `max` cells ("… and 3 more"). */
export function describePart(cells: readonly RightsCell[], max = 6): string {
  if (cells.length === 0) return 'all its rights';
  if (cells.length <= max) return describeCells(cells);
  return `${describeCells(cells.slice(0, max))} and ${cells.length - max} more`;
}
