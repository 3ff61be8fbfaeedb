/**
 * One id per page load (the spec): it groups the activity of a visit. Built from
 * getRandomValues because randomUUID exists only on secure origins.
 */
function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export const trackingSessionId = randomId();
