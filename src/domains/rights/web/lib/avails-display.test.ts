import { describe, expect, it } from 'vitest';
import type { AvailsCell } from '../api/avails-types';
import { availsSummary, cellLabel, cellStateText, holderText } from './avails-display';

const cell = (overrides: Partial<AvailsCell>): AvailsCell => ({
  media: 'film',
  territory: 'UK',
  state: 'available',
  until: null,
  holder: null,
  ...overrides,
});

describe('the words of a cell', () => {
  it('names the square and its state, with the end of an option as a UK date', () => {
    expect(cellLabel({ media: 'tv', territory: 'Ireland' })).toBe('TV in Ireland');
    expect(cellStateText(cell({}))).toBe('Available');
    expect(cellStateText(cell({ state: 'under_offer' }))).toBe('Under offer');
    expect(cellStateText(cell({ state: 'sold' }))).toBe('Sold');
    expect(cellStateText(cell({ state: 'optioned', until: '2028-03-12T10:00:00.000Z' }))).toBe(
      'Optioned until 12 March 2028',
    );
    // Late in the evening of 11 March in UTC is still 11 March in London (no summer time).
    expect(cellStateText(cell({ state: 'optioned', until: '2028-03-11T23:30:00.000Z' }))).toBe(
      'Optioned until 11 March 2028',
    );
    // In British summer time, 23:30 UTC is already the next day in London.
    expect(cellStateText(cell({ state: 'optioned', until: '2028-06-11T23:30:00.000Z' }))).toBe(
      'Optioned until 12 June 2028',
    );
    expect(cellStateText(cell({ state: 'optioned', until: null }))).toBe(
      'Optioned, end date not recorded',
    );
  });

  it('names who holds a cell, and a legacy option as such', () => {
    expect(holderText(cell({}))).toBeNull();
    const held = cell({
      state: 'optioned',
      holder: { offerId: 7, producerName: 'Olivia Bennett' },
    });
    expect(holderText(held)).toBe('Olivia Bennett');
    const legacy = cell({ state: 'optioned', holder: { offerId: null, producerName: null } });
    expect(holderText(legacy)).toBe('an earlier option');
  });
});

describe('the summary above the grid', () => {
  it('counts free parts (under offer is still free) and says which comes back first', () => {
    const cells = [
      cell({ state: 'optioned', until: '2029-01-05T12:00:00.000Z' }),
      cell({ territory: 'Ireland', state: 'under_offer' }),
      cell({ media: 'tv', state: 'optioned', until: '2028-03-12T12:00:00.000Z' }),
      cell({ media: 'tv', territory: 'Ireland', state: 'sold' }),
    ];
    expect(availsSummary(cells)).toBe(
      '1 of 4 parts available now; TV in UK available again from 12 March 2028',
    );
  });

  it('names every part coming back on the same day, and shortens a long list', () => {
    const until = '2028-03-12T12:00:00.000Z';
    const two = [
      cell({ state: 'optioned', until }),
      cell({ territory: 'Ireland', state: 'optioned', until }),
      cell({ media: 'tv' }),
    ];
    expect(availsSummary(two)).toBe(
      '1 of 3 parts available now; Film in UK and Film in Ireland available again from 12 March 2028',
    );
    const many = ['UK', 'Ireland', 'France', 'Spain'].map((territory) =>
      cell({ territory, state: 'optioned', until }),
    );
    expect(availsSummary(many)).toBe(
      '0 of 4 parts available now; Film in UK, Film in Ireland and 2 more parts available again from 12 March 2028',
    );
  });

  it('says only the count when nothing is optioned with a known end, and nothing for no grid', () => {
    expect(availsSummary([cell({})])).toBe('1 of 1 part available now');
    expect(availsSummary([cell({ state: 'sold' }), cell({ media: 'tv' })])).toBe(
      '1 of 2 parts available now',
    );
    expect(availsSummary([])).toBeNull();
  });
});
