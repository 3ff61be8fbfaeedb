import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database, Executor } from '../db/client';
import { listenToChannel, serverPoolOf } from '../db/listen';
import type { PlatformUser } from '../platform-user';
import { AppError } from '@/shared/errors';
import { sessions } from './session.tables';

export const SESSION_COOKIE = 'pts_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most this often, to keep reads cheap. */
const SESSION_REFRESH_MS = 60 * 60 * 1000;

/**
 * The user a session belongs to. The platform knows only who and in what role; the accounts
 * room, whose lookup the app hands this plugin, adds the rest of its user row by merging into
 * this interface (accounts/server/find-session.ts), so routes read the whole user while the
 * platform imports no room.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- accounts merges its row in
export interface SessionUser extends PlatformUser {}

/** What a session cookie's id hash leads to: its user and its dates. */
export interface SessionRecord {
  user: SessionUser;
  expiresAt: Date;
  lastSeenAt: Date;
}

/**
 * Finds the unexpired session behind an id hash, with its user when that user may sign in
 * (not suspended), or null. The accounts room provides it; app.ts passes it to the plugin.
 */
export type FindSession = (
  db: Database,
  idHash: string,
  now: Date,
) => Promise<SessionRecord | null>;

export interface SessionPluginOptions {
  findSession: FindSession;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in, non-suspended user, or null. */
    user: SessionUser | null;
    sessionIdHash: string | null;
  }
}

export const hashSessionToken = (token: string) =>
  createHash('sha256').update(token).digest('base64url');

/** Creates a session row and sets the cookie. Called at sign-in (a fresh id every time). */
export async function startSession(
  db: Executor,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({
    idHash: hashSessionToken(token),
    userId,
    expiresAt,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
    ipAddress: request.ip,
  });
  setSessionCookie(request, reply, token, expiresAt);
}

/**
 * Secure follows the site's address (PUBLIC_URL), not each request's protocol: behind a
 * TLS-terminating proxy the request may arrive over http (or claim https) either way.
 */
const isSecureSite = (publicUrl: string) => publicUrl.startsWith('https://');

function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureSite(request.server.config.publicUrl),
    signed: true,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    secure: isSecureSite(reply.server.config.publicUrl),
  });
}

/**
 * Starts a session in place of the request's current one, if any: a sign-in over an existing
 * session replaces it rather than leaving it behind.
 */
export async function replaceSession(
  db: Executor,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  if (request.sessionIdHash) {
    await db.delete(sessions).where(eq(sessions.idHash, request.sessionIdHash));
    forgetCachedSessions();
  }
  await startSession(db, request, reply, userId);
}

/** Ends the current request's session (sign-out). */
export async function endSession(
  db: Executor,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  if (request.sessionIdHash) {
    await db.delete(sessions).where(eq(sessions.idHash, request.sessionIdHash));
    forgetCachedSessions();
  }
  clearSessionCookie(reply);
}

/** Revokes every session of a user (password change, reset, deletion, suspension). */
export async function revokeUserSessions(db: Executor, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  forgetCachedSessions();
}

/**
 * How long this instance trusts a session it has looked up (decision 017). Every signed-in
 * request used to pay a database round trip for its session; now a session seen in the last
 * few seconds is answered from memory. Sign-out, revocation and every change to a user forget
 * all cached sessions at once, so a change is seen immediately here; on a PostgreSQL server
 * the other instances hear of it through the 'sessions_changed' feed at commit, and this
 * lifetime bounds what one of them can miss while its feed connection is down.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
/** The channel the database announces changes to users and sessions on (migration 0022). */
export const SESSIONS_CHANGED_CHANNEL = 'sessions_changed';
const sessionCache = new LRUCache<string, SessionRecord>({
  max: 20_000,
  ttl: SESSION_CACHE_TTL_MS,
});
/**
 * Bumped by every forget: a lookup that started before a forget does not store what it read,
 * since it may have read the data the forgotten change replaced.
 */
let sessionCacheGeneration = 0;

/** Drops every cached session lookup (after sign-out, revocation or any change to a user). */
export function forgetCachedSessions(): void {
  sessionCacheGeneration += 1;
  sessionCache.clear();
}

/** How many session lookups this instance holds (tests). */
export function cachedSessionCount(): number {
  return sessionCache.size;
}

/** The session behind a cookie's id hash, from the cache or from the database. */
async function lookUpSession(
  findSession: FindSession,
  db: Database,
  idHash: string,
  now: Date,
): Promise<SessionRecord | null> {
  const cached = sessionCache.get(idHash);
  if (cached) return cached.expiresAt > now ? cached : null;
  const generation = sessionCacheGeneration;
  const row = await findSession(db, idHash, now);
  if (!row) return null;
  if (generation === sessionCacheGeneration) sessionCache.set(idHash, row);
  return row;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The session cache's generation when this request arrived (-1: before the plugin ran). */
    sessionCacheGenerationAtStart: number;
  }
}

/** Loads the user behind the session cookie on every request. */
export const sessionPlugin = fp(async (app: FastifyInstance, options: SessionPluginOptions) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionIdHash', null);
  app.decorateRequest('sessionCacheGenerationAtStart', -1);

  // On a PostgreSQL server several instances share the sessions: each forgets its cached
  // lookups when the database announces a change to users or sessions (at commit), and again
  // whenever the feed's connection was lost, since announcements made meanwhile are gone.
  const pool = serverPoolOf(app.db);
  if (pool) {
    const feed = listenToChannel(pool, SESSIONS_CHANGED_CHANNEL, {
      onNotification: forgetCachedSessions,
      onGap: forgetCachedSessions,
      onListening: forgetCachedSessions,
    });
    app.addHook('onClose', () => feed.close());
  }

  app.addHook('onRequest', async (request, reply) => {
    request.sessionCacheGenerationAtStart = sessionCacheGeneration;
    const raw = request.cookies[SESSION_COOKIE];
    if (!raw) return;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return;
    const idHash = hashSessionToken(unsigned.value);
    const now = new Date();
    const row = await lookUpSession(options.findSession, app.db, idHash, now);
    if (!row) return;
    request.user = row.user;
    request.sessionIdHash = idHash;
    if (now.getTime() - row.lastSeenAt.getTime() > SESSION_REFRESH_MS) {
      const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
      const generation = sessionCacheGeneration;
      await app.db
        .update(sessions)
        .set({ lastSeenAt: now, expiresAt })
        .where(eq(sessions.idHash, idHash));
      // The cached copy must not ask for the same refresh on every request; unless something
      // was forgotten meanwhile (a suspension while this update ran must not be put back).
      if (generation === sessionCacheGeneration) {
        sessionCache.set(idHash, { ...row, lastSeenAt: now, expiresAt });
      }
      setSessionCookie(request, reply, unsigned.value, expiresAt);
    }
  });

  // The use cases that change a user or end sessions forget the cache as they do it, inside
  // their transaction: a lookup made between that forget and the commit may have stored the
  // old row. So a request during which anything was forgotten forgets once more when it has
  // been answered, by which time its transaction has committed. Requests that changed no user
  // and ended no session (offers, payments, comments...) leave the cache alone: emptying it
  // after every write made every request of a busy writer pay the lookup (issue 33).
  app.addHook('onResponse', async (request) => {
    const atStart = request.sessionCacheGenerationAtStart;
    if (atStart !== -1 && atStart !== sessionCacheGeneration) forgetCachedSessions();
  });
});

/** Guard: the signed-in user, or 401. */
/** What a signed-out caller of a route that needs a session is told (the spec's words). */
export const UNAUTHENTICATED_MESSAGE = 'Unauthorised - please sign in';

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED', UNAUTHENTICATED_MESSAGE);
  return request.user;
}

/**
 * preHandler for routes that need a session: 401 is decided before the body or query is
 * validated, so a signed-out caller never learns what a valid request looks like (401 beats 400).
 */
export async function requireSignedIn(request: FastifyRequest): Promise<void> {
  requireUser(request);
}

/** Guard: the signed-in user with one of the roles, or 401/403. */
export function requireRole(request: FastifyRequest, ...roles: string[]): SessionUser {
  const user = requireUser(request);
  if (!roles.includes(user.role)) {
    throw new AppError('FORBIDDEN', 'You do not have permission to do that');
  }
  return user;
}
