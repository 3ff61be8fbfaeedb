import { describe, expect, it } from 'vitest';
import type { Right } from '@/domains/listings/listings.constants';
import { cellKeyOf } from '../../rights.constants';
import type { AvailsCell } from '../api/avails-types';
import { defaultPart, keysOf, partOf, partText, takenIn, type PickerGrid } from './part-picking';

const MEDIA: Right[] = ['film', 'tv', 'stage'];
const TERRITORIES = ['UK', 'Ireland'];

/** A film/tv/stage × UK/Ireland grid with the given cells taken ('film|uk'…). */
function gridWith(taken: string[], cells = true): PickerGrid {
  const all: AvailsCell[] = MEDIA.flatMap((media) =>
    TERRITORIES.map((territory) => ({
      media,
      territory,
      state: taken.includes(cellKeyOf({ media, territory })) ? 'optioned' : 'available',
      until: null,
      holder: null,
    })),
  );
  return { media: MEDIA, territories: TERRITORIES, cells: cells ? all : null };
}

describe('the part a choice of cells names', () => {
  it('is every chosen medium in every chosen territory', () => {
    const grid = gridWith([]);
    const part = partOf(grid, new Set(['tv|uk', 'film|ireland']));
    expect(part).toEqual({ media: ['film', 'tv'], territories: ['UK', 'Ireland'] });
    expect(partText(part)).toBe('Film and TV in UK and Ireland');
    expect(keysOf(part)).toEqual(new Set(['film|uk', 'film|ireland', 'tv|uk', 'tv|ireland']));
  });

  it('names the taken cells it would cover', () => {
    const grid = gridWith(['film|uk']);
    const part = partOf(grid, new Set(['tv|uk', 'film|ireland']));
    expect(takenIn(grid, part)).toEqual([{ media: 'film', territory: 'UK' }]);
    expect(takenIn(grid, partOf(grid, new Set(['tv|uk', 'tv|ireland'])))).toEqual([]);
  });
});

describe('where the picker starts', () => {
  it('is the whole grid when nothing is taken, or when no server says what is', () => {
    expect(defaultPart(gridWith([]))).toEqual({ media: MEDIA, territories: TERRITORIES });
    expect(defaultPart(gridWith(['film|uk'], false))).toEqual({
      media: MEDIA,
      territories: TERRITORIES,
    });
  });

  it('is every free cell when a whole medium or territory is taken', () => {
    expect(defaultPart(gridWith(['film|uk', 'film|ireland']))).toEqual({
      media: ['tv', 'stage'],
      territories: TERRITORIES,
    });
    expect(defaultPart(gridWith(['film|uk', 'tv|uk', 'stage|uk']))).toEqual({
      media: MEDIA,
      territories: ['Ireland'],
    });
  });

  it('is the largest part of free cells when the free cells are not one part', () => {
    expect(defaultPart(gridWith(['film|uk']))).toEqual({
      media: ['tv', 'stage'],
      territories: TERRITORIES,
    });
    // Three parts of two cells each: the first found (Stage everywhere) is where it starts.
    expect(defaultPart(gridWith(['film|uk', 'tv|ireland']))).toEqual({
      media: ['stage'],
      territories: TERRITORIES,
    });
  });

  it('is empty when everything is taken', () => {
    const all = MEDIA.flatMap((m) => TERRITORIES.map((t) => cellKeyOf({ media: m, territory: t })));
    expect(defaultPart(gridWith(all))).toEqual({ media: [], territories: [] });
  });
});
