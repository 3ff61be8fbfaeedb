import { RIGHT_LABELS, type Right } from '@/domains/listings/listings.constants';
import { cellKeyOf, cellsOf, type RightsCell } from '../../rights.constants';
import type { AvailsCell } from '../api/avails-types';
import { isTaken, joinWithAnd } from './avails-display';

/**
 * What the picker works on: the listing's media and territories in its order, and the state
 * of each cell when the server told us (null: an older server without avails; every cell is
 * then treated as free and the server decides).
 */
export interface PickerGrid {
  media: readonly Right[];
  territories: readonly string[];
  cells: readonly AvailsCell[] | null;
}

/** The part an offer names: media × territories (every chosen medium in every territory). */
export interface Part {
  media: Right[];
  territories: string[];
}

/** The grid's cell for a square, if the server sent one. */
export function cellAt(grid: PickerGrid, cell: RightsCell): AvailsCell | undefined {
  const key = cellKeyOf(cell);
  return grid.cells?.find((candidate) => cellKeyOf(candidate) === key);
}

export const isFree = (grid: PickerGrid, cell: RightsCell) => {
  const known = cellAt(grid, cell);
  return !known || !isTaken(known.state);
};

/** The part a set of chosen cells names: every medium and territory any of them has. */
export function partOf(grid: PickerGrid, chosen: ReadonlySet<string>): Part {
  const media = grid.media.filter((m) =>
    grid.territories.some((territory) => chosen.has(cellKeyOf({ media: m, territory }))),
  );
  const territories = grid.territories.filter((territory) =>
    grid.media.some((m) => chosen.has(cellKeyOf({ media: m, territory }))),
  );
  return { media, territories };
}

/** Every cell a part covers. */
export const coverOf = (part: Part) => cellsOf(part.media, part.territories);

/** The cells a part covers that another deal holds: the server would refuse them (409). */
export const takenIn = (grid: PickerGrid, part: Part) =>
  coverOf(part).filter((cell) => !isFree(grid, cell));

/** 'Film and TV in UK and Ireland' */
export function partText(part: Part): string {
  const media = joinWithAnd(part.media.map((m) => RIGHT_LABELS[m]));
  return `${media} in ${joinWithAnd(part.territories)}`;
}

/** Cell keys of a part. */
export const keysOf = (part: Part) => new Set(coverOf(part).map(cellKeyOf));

/**
 * Where the picker starts for a new offer: every free cell when together they make one part
 * (nothing taken, or whole rows or columns taken); otherwise, since an offer covers every
 * chosen medium in every chosen territory, the largest part made only of free cells (the
 * first in the listing's order on a tie), so the form never starts on a part it must refuse.
 */
export function defaultPart(grid: PickerGrid): Part {
  const free = cellsOf(grid.media, grid.territories).filter((cell) => isFree(grid, cell));
  const whole = partOf(grid, new Set(free.map(cellKeyOf)));
  if (takenIn(grid, whole).length === 0) return whole;
  let best: Part = { media: [], territories: [] };
  // At most 2^8 sets of media (the spec's eight rights): small enough to try every one.
  for (let mask = 1; mask < 1 << grid.media.length; mask += 1) {
    const media = grid.media.filter((_, index) => mask & (1 << index));
    const territories = grid.territories.filter((territory) =>
      media.every((m) => isFree(grid, { media: m, territory })),
    );
    const size = media.length * territories.length;
    if (size > best.media.length * best.territories.length) best = { media, territories };
  }
  return best;
}

/** What a choice of cells amounts to, for the picker's words and the form's check. */
export interface PickVerdict {
  part: Part;
  /** Cells the part covers beyond those chosen (the choice was not one block). */
  extra: RightsCell[];
  /** Cells the part covers that another deal holds. */
  taken: RightsCell[];
  isEmpty: boolean;
}

export function verdictOf(grid: PickerGrid, chosen: ReadonlySet<string>): PickVerdict {
  const part = partOf(grid, chosen);
  const cover = coverOf(part);
  return {
    part,
    extra: cover.filter((cell) => !chosen.has(cellKeyOf(cell))),
    taken: takenIn(grid, part),
    isEmpty: cover.length === 0,
  };
}

/** The picker's messages (the form shows the blocking ones in its error area too). */
export const PICKER_MESSAGES = {
  chooseOne: 'Choose at least one part of the rights.',
  oneBlock: 'An offer covers every chosen medium in every chosen territory.',
} as const;

/** Why a choice cannot be sent, or null when it can. */
export function pickError(verdict: PickVerdict): string | null {
  if (verdict.isEmpty) return PICKER_MESSAGES.chooseOne;
  if (verdict.taken.length === 0) return null;
  const names = joinWithAnd(verdict.taken.map((cell) => cellLabelOf(cell)));
  return `This offer would also cover ${names}, which ${verdict.taken.length === 1 ? 'is' : 'are'} not available. Untick the medium or territory that brings ${verdict.taken.length === 1 ? 'it' : 'them'} in.`;
}

const cellLabelOf = (cell: RightsCell) => `${RIGHT_LABELS[cell.media]} in ${cell.territory}`;
