import { describe, expect, it } from 'vitest';
import type { ListingCard, ListListingsResponse } from '../../listings.schema';
import { listingsQueryOptions, loadedListings } from './list-listings';

const card = (id: number) => ({ id }) as ListingCard;
const page = (ids: number[], total: number): ListListingsResponse => ({
  items: ids.map(card),
  total,
  facets: { mediums: [], genres: [], rights: [], territories: [], exclusivity: [] },
});
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe('catalogue paging', () => {
  const options = listingsQueryOptions({ genre: 'Crime' });
  const next = options.getNextPageParam;

  it('starts with 24 and loads 12 more at a time', () => {
    expect(options.initialPageParam).toEqual({ offset: 0, limit: 24 });
    const first = page(range(1, 24), 50);
    expect(next(first, [first], { offset: 0, limit: 24 }, [])).toEqual({ offset: 24, limit: 12 });
    const second = page(range(25, 12), 50);
    expect(next(second, [first, second], { offset: 24, limit: 12 }, [])).toEqual({
      offset: 36,
      limit: 12,
    });
  });

  it('stops when every listing is loaded', () => {
    const last = page(range(37, 14), 50);
    expect(next(last, [last], { offset: 36, limit: 14 }, [])).toBeUndefined();
    expect(next(page([], 50), [], { offset: 60, limit: 12 }, [])).toBeUndefined();
  });

  it('shows a listing once even when it moved between pages', () => {
    const items = loadedListings({
      pages: [page([1, 2, 3], 5), page([3, 4, 5], 5)],
      pageParams: [],
    });
    expect(items.map((item) => item.id)).toEqual([1, 2, 3, 4, 5]);
  });
});
