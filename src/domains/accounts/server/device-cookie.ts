import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The device cookie (OWASP's "device cookies" against lockout-as-denial-of-service, decision
 * 005): set on every successful sign-in, it says "this browser has signed in to these
 * accounts before". It is signed with the session secret, so it cannot be made up, and it
 * grants nothing by itself: it only keeps the sign-in form open to the owner's own browser
 * while someone else is guessing at the account. Sign-out leaves it (the device is still
 * the owner's).
 */
export const DEVICE_COOKIE = 'pts_device';
export const DEVICE_COOKIE_TTL_MS = 365 * 24 * 60 * 60 * 1000;
/** A shared computer remembers the most recent few accounts. */
const MAX_ACCOUNTS_PER_DEVICE = 5;
/** Only the sign-in endpoint reads it. */
const DEVICE_COOKIE_PATH = '/api/auth';

export interface KnownDevice {
  /** A random id of this browser, for counting its own failed attempts. */
  id: string;
  /** Accounts that signed in on it, most recent first. */
  userIds: number[];
}

const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** `<device id>.<user id>-<user id>...` → the device, or null when it is not our format. */
function parse(value: string): KnownDevice | null {
  const [id, ids, ...rest] = value.split('.');
  if (rest.length > 0 || !id || !DEVICE_ID.test(id) || !ids) return null;
  const userIds = ids.split('-').map(Number);
  if (userIds.length > MAX_ACCOUNTS_PER_DEVICE) return null;
  if (!userIds.every((userId) => Number.isSafeInteger(userId) && userId > 0)) return null;
  return { id, userIds };
}

/** The signed device cookie of this request, or null when absent, tampered with or malformed. */
export function readKnownDevice(request: FastifyRequest): KnownDevice | null {
  const raw = request.cookies[DEVICE_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  return parse(unsigned.value);
}

/** The device id when this request's browser has signed in to this account before. */
export function knownDeviceIdFor(request: FastifyRequest, userId: number | null): string | null {
  if (userId === null) return null;
  const device = readKnownDevice(request);
  return device && device.userIds.includes(userId) ? device.id : null;
}

/** After a successful sign-in: remember the account on this browser (kept a year). */
export function rememberDevice(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  options: { secure: boolean },
): void {
  const device = readKnownDevice(request);
  const id = device?.id ?? randomBytes(16).toString('base64url');
  const userIds = [userId, ...(device?.userIds ?? []).filter((other) => other !== userId)].slice(
    0,
    MAX_ACCOUNTS_PER_DEVICE,
  );
  reply.setCookie(DEVICE_COOKIE, `${id}.${userIds.join('-')}`, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    signed: true,
    maxAge: DEVICE_COOKIE_TTL_MS / 1000,
  });
}
