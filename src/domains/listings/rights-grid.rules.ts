import type { Right } from './listings.constants';

/**
 * A listing's rights as a grid (issue 29): media (its `rightsAvailable`) × territories (its
 * `territory`, spelled as the agent spelled them). The rights room records which cells deals
 * hold; the listings room keeps the keys of the taken ones (`rights_taken`) so its status and
 * the catalogue's "available for <media> in <territory>" filter follow from them.
 */
export interface RightsCell {
  media: Right;
  territory: string;
}

/** The key of a cell, territory compared without case ('UK' and 'uk' are one territory). */
export const cellKeyOf = (cell: { media: string; territory: string }) =>
  `${cell.media}|${cell.territory.trim().toLowerCase()}`;

/** Every cell of media × territories (an offer's part, or a listing's whole grid). */
export function cellsOf(media: readonly Right[], territories: readonly string[]): RightsCell[] {
  return media.flatMap((m) => territories.map((territory) => ({ media: m, territory })));
}
