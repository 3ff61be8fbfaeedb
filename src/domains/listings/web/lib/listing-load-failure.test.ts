import { describe, expect, it } from 'vitest';
import { ApiError } from '@/web/lib/api-client';
import { listingLoadFailure } from './listing-load-failure';

const answer = (status: number, body: unknown) =>
  new ApiError(status, JSON.stringify(body), 'Error');

describe('a failed listing fetch, read by its error code', () => {
  it('is the view limit for LIMIT_REACHED, with its reset date', () => {
    const limit = answer(403, {
      message: 'Monthly viewing limit reached.',
      code: 'LIMIT_REACHED',
      upgradeRequired: true,
      resetDate: '2026-12-01T00:00:00.000Z',
    });
    expect(listingLoadFailure(limit)).toEqual({
      kind: 'limit',
      resetDate: '2026-12-01T00:00:00.000Z',
    });
  });

  it('is not the view limit for any other 403, whatever its message says', () => {
    const forbidden = answer(403, { message: 'View limit reached? No.', code: 'FORBIDDEN' });
    expect(listingLoadFailure(forbidden)).toEqual({ kind: 'other' });
    const notOurs = answer(403, { message: 'Monthly viewing limit reached' });
    expect(listingLoadFailure(notOurs)).toEqual({ kind: 'other' });
  });

  it('is signed out for UNAUTHENTICATED and missing for NOT_FOUND', () => {
    expect(listingLoadFailure(answer(401, { message: 'x', code: 'UNAUTHENTICATED' }))).toEqual({
      kind: 'signed-out',
    });
    expect(listingLoadFailure(answer(404, { message: 'x', code: 'NOT_FOUND' }))).toEqual({
      kind: 'not-found',
    });
  });

  it('is an error for anything else', () => {
    expect(listingLoadFailure(new TypeError('Failed to fetch'))).toEqual({ kind: 'other' });
    expect(listingLoadFailure(answer(500, { message: 'x', code: 'INTERNAL' }))).toEqual({
      kind: 'other',
    });
  });
});
