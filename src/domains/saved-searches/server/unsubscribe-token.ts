import { createHash, createHmac } from 'node:crypto';

/**
 * The one-click unsubscribe token of a saved search: derived from the session secret and the
 * search's id (so every digest can carry it again), stored only as its hash.
 */
export function unsubscribeToken(secret: string, savedSearchId: number): string {
  return createHmac('sha256', secret).update(`saved-search:${savedSearchId}`).digest('base64url');
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
