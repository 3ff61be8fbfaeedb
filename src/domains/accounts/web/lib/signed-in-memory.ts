/**
 * Whether this browser had a signed-in user who has not signed out since: how a page tells
 * a session that ended ('Unauthorised - You are logged out...') from a visitor who never
 * signed in ('Login Required', issue 10). A hint kept in localStorage, never a credential:
 * the server alone decides who is signed in.
 */
const STORAGE_KEY = 'pts:was-signed-in';

/** localStorage, or null where the browser refuses it (private modes, disabled storage). */
function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function rememberSignedIn(): void {
  try {
    storage()?.setItem(STORAGE_KEY, '1');
  } catch {
    // Without storage every signed-out visitor reads as one who never signed in.
  }
}

export function forgetSignedIn(): void {
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was kept.
  }
}

export function wasSignedIn(): boolean {
  try {
    return storage()?.getItem(STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}
