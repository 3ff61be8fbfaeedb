import type { MatrixRole } from './security-world';

/**
 * The authorisation matrix (issue 10): for every route of the app, the status each role gets,
 * on its own object and on someone else's where the route works on an object that belongs to
 * someone. authorization-matrix.test.ts sends every cell; route-coverage fails while a route
 * of the app has no row here, so a new endpoint is not done until it has one.
 *
 * Roles: signed out, a free producer, a premium producer, another (free) producer, an agent,
 * another agent, an admin. Objects (what `own` and `other` mean for each role):
 *   offer, awaitingOffer  producers: one they made / one another producer made; agents: one on
 *                         their listing / on the other agent's; admins, signed out: `other`.
 *   deck                  the deck of such an offer, the same way.
 *   agent                 agents: their own id / the other agent's; everyone else: an agent's.
 *   checkout              free producers: their Premium checkout / another producer's.
 *   paymentSecret         producers: the client secret of their own offer's card hold /
 *                         another producer's; everyone else: someone's.
 *   member                a producer who paid for Premium (an admin may refund them).
 *   user                  a new free producer (the admin console acts on them).
 *   pendingAgent          a new agent whose application waits for review.
 *   listing               any listing (listings are not owned by the people who read them).
 *   agentListing          a new listing: agents: their own / the other agent's; everyone
 *                         else: an agent's (the cells that change or delete listings).
 *   chainDocument         a chain-of-title document on a new listing: agents: on their own
 *                         listing / on the other agent's; everyone else: on an agent's.
 * A cell is one status, or {own, other}. Statuses other than 2xx are the guard's answer, or
 * for 409 the state's: the role got past the guard and the object's state refused it.
 */

export type ObjectKind =
  | 'offer'
  | 'awaitingOffer'
  | 'deck'
  | 'agent'
  | 'checkout'
  | 'paymentSecret'
  | 'member'
  | 'user'
  | 'pendingAgent'
  | 'listing'
  | 'agentListing'
  | 'chainDocument';

export type Cell = number | { own: number; other: number };

export interface MatrixRow {
  /** "METHOD /path/{param}", as the OpenAPI document and Fastify's router spell it. */
  route: string;
  /** What the path parameter (or the body's reference) names. */
  object?: ObjectKind;
  /**
   * `object`: each cell gets a new object (the call changes it); `actor`: each cell is sent
   * by a new user of the role (the call uses up or changes the identity); `both`.
   */
  fresh?: 'object' | 'actor' | 'both';
  /** The request's URL when it is not the route itself (a file under a wildcard, say). */
  url?: string;
  cells: Record<MatrixRole, Cell>;
}

/** The same status for every role: a public route, or one that needs no particular role. */
const everyone = (status: number): Record<MatrixRole, Cell> => ({
  signedOut: status,
  freeProducer: status,
  premiumProducer: status,
  otherProducer: status,
  agent: status,
  otherAgent: status,
  admin: status,
});

/** 401 signed out, the same status for every signed-in role. */
const signedIn = (status: number): Record<MatrixRole, Cell> => ({
  ...everyone(status),
  signedOut: 401,
});

export const AUTHORIZATION_MATRIX: MatrixRow[] = [
  // Platform
  { route: 'GET /api/health', cells: everyone(200) },
  { route: 'GET /api/platform', cells: everyone(200) },
  { route: 'GET /api/openapi.json', cells: everyone(200) },
  { route: 'GET /api/docs', cells: everyone(200) },
  { route: 'GET /api/docs/', cells: everyone(200) },
  { route: 'GET /api/docs/json', cells: everyone(200) },
  { route: 'GET /api/docs/yaml', cells: everyone(200) },
  { route: 'GET /api/docs/static/index.html', cells: everyone(302) },
  { route: 'GET /api/docs/static/swagger-initializer.js', cells: everyone(200) },
  { route: 'GET /api/docs/static/*', url: '/api/docs/static/swagger-ui.css', cells: everyone(200) },

  // Accounts
  { route: 'POST /api/auth/register', cells: everyone(200) },
  { route: 'GET /api/auth/verify/{token}', cells: everyone(400) },
  { route: 'POST /api/auth/resend-verification', cells: everyone(200) },
  // Signing in replaces the session the request came with: each cell is a new user.
  { route: 'POST /api/auth/login', fresh: 'actor', cells: everyone(200) },
  { route: 'POST /api/auth/logout', fresh: 'actor', cells: everyone(204) },
  { route: 'GET /api/auth/user', cells: signedIn(200) },
  { route: 'POST /api/auth/forgot-password', cells: everyone(200) },
  { route: 'POST /api/auth/reset-password', cells: everyone(400) },
  { route: 'PATCH /api/profile/complete', fresh: 'actor', cells: signedIn(200) },
  { route: 'PUT /api/auth/profile', fresh: 'actor', cells: signedIn(200) },
  { route: 'PUT /api/auth/change-password', fresh: 'actor', cells: signedIn(200) },
  { route: 'DELETE /api/auth/account', fresh: 'actor', cells: signedIn(200) },

  // Listings
  { route: 'GET /api/public/stats', cells: everyone(200) },
  { route: 'GET /api/listings/featured', cells: everyone(200) },
  { route: 'GET /api/listings', cells: signedIn(200) },
  { route: 'GET /api/listings/{id}', object: 'listing', cells: signedIn(200) },
  { route: 'GET /images/covers/{id}.svg', object: 'listing', cells: everyone(200) },
  { route: 'GET /images/covers/{id}.png', object: 'listing', cells: everyone(200) },
  // Agents list IP (a pending agent's listing is a draft); admins may list too.
  {
    route: 'POST /api/listings',
    cells: { ...signedIn(201), freeProducer: 403, premiumProducer: 403, otherProducer: 403 },
  },
  {
    route: 'POST /api/listings/images',
    cells: { ...signedIn(201), freeProducer: 403, premiumProducer: 403, otherProducer: 403 },
  },
  // Stored listing images are public (a name that was never stored: 404 for everyone).
  {
    route: 'GET /uploads/listing-images/{name}',
    url: '/uploads/listing-images/00000000-0000-4000-8000-000000000000.webp',
    cells: everyone(404),
  },
  // Only the listing's agent, or an admin, edits or deletes it.
  {
    route: 'PUT /api/listings/{id}',
    object: 'agentListing',
    cells: {
      ...signedIn(403),
      agent: { own: 200, other: 403 },
      otherAgent: { own: 200, other: 403 },
      admin: 200,
    },
  },
  {
    route: 'DELETE /api/listings/{id}',
    object: 'agentListing',
    cells: {
      ...signedIn(403),
      agent: { own: 200, other: 403 },
      otherAgent: { own: 200, other: 403 },
      admin: 200,
    },
  },

  // Favourites
  { route: 'GET /api/favorites', cells: signedIn(200) },
  { route: 'GET /api/favorites/{id}/status', object: 'listing', cells: signedIn(200) },
  { route: 'POST /api/favorites/{id}', object: 'listing', cells: signedIn(200) },
  { route: 'DELETE /api/favorites/{id}', object: 'listing', cells: signedIn(200) },

  // Membership
  { route: 'GET /api/membership/status', cells: signedIn(200) },
  {
    route: 'POST /api/membership/upgrade',
    fresh: 'actor',
    cells: {
      signedOut: 401,
      freeProducer: 200,
      premiumProducer: 409,
      otherProducer: 200,
      agent: 403,
      otherAgent: 403,
      admin: 403,
    },
  },
  {
    route: 'GET /api/membership/checkout/{sessionId}',
    object: 'checkout',
    cells: {
      signedOut: 401,
      freeProducer: { own: 200, other: 404 },
      premiumProducer: 404,
      otherProducer: { own: 200, other: 404 },
      agent: 404,
      otherAgent: 404,
      admin: 404,
    },
  },
  // Only a paid subscription renews: Premium set by hand (as the premium producer here) and
  // the free tier have nothing to turn off.
  { route: 'PATCH /api/membership/auto-renew', cells: signedIn(409) },

  // Tracking
  { route: 'POST /api/tracking/search', cells: signedIn(204) },
  { route: 'POST /api/tracking/activity', object: 'listing', cells: signedIn(204) },

  // Offers and decks
  {
    route: 'POST /api/uploads/deck',
    cells: {
      signedOut: 401,
      freeProducer: 201,
      premiumProducer: 201,
      otherProducer: 201,
      agent: 403,
      otherAgent: 403,
      admin: 403,
    },
  },
  {
    route: 'GET /api/uploads/deck/{id}',
    object: 'deck',
    cells: {
      signedOut: 401,
      freeProducer: { own: 200, other: 403 },
      premiumProducer: { own: 200, other: 403 },
      otherProducer: { own: 200, other: 403 },
      agent: { own: 200, other: 403 },
      otherAgent: { own: 200, other: 403 },
      admin: 200,
    },
  },
  {
    route: 'POST /api/offers',
    cells: {
      signedOut: 401,
      freeProducer: 201,
      premiumProducer: 201,
      otherProducer: 201,
      agent: 403,
      otherAgent: 403,
      admin: 403,
    },
  },
  { route: 'GET /api/offers/my-submissions', cells: signedIn(200) },
  {
    route: 'GET /api/offers/agent/{agentId}',
    object: 'agent',
    cells: {
      signedOut: 401,
      freeProducer: 403,
      premiumProducer: 403,
      otherProducer: 403,
      agent: { own: 200, other: 403 },
      otherAgent: { own: 200, other: 403 },
      admin: 200,
    },
  },
  {
    route: 'GET /api/listings/agent/{agentId}',
    object: 'agent',
    cells: {
      signedOut: 401,
      freeProducer: 403,
      premiumProducer: 403,
      otherProducer: 403,
      agent: { own: 200, other: 403 },
      otherAgent: { own: 200, other: 403 },
      admin: 200,
    },
  },
  {
    route: 'GET /api/analytics/agent/{agentId}',
    object: 'agent',
    cells: {
      signedOut: 401,
      freeProducer: 403,
      premiumProducer: 403,
      otherProducer: 403,
      agent: { own: 200, other: 403 },
      otherAgent: { own: 200, other: 403 },
      admin: 200,
    },
  },
  {
    // The listing is the agent's own (the matrix test picks the one of the agent in the path).
    route: 'GET /api/analytics/agent/{agentId}/listings/{listingId}/viewers',
    object: 'agent',
    cells: {
      signedOut: 401,
      freeProducer: 403,
      premiumProducer: 403,
      otherProducer: 403,
      agent: { own: 200, other: 403 },
      otherAgent: { own: 200, other: 403 },
      admin: 200,
    },
  },
  {
    route: 'GET /api/offers/{id}',
    object: 'offer',
    cells: {
      signedOut: 401,
      freeProducer: { own: 200, other: 403 },
      premiumProducer: { own: 200, other: 403 },
      otherProducer: { own: 200, other: 403 },
      agent: { own: 200, other: 403 },
      otherAgent: { own: 200, other: 403 },
      admin: 200,
    },
  },
  // Reading the card hold's state from the provider is the paying producer's step.
  {
    route: 'POST /api/offers/{id}/sync',
    object: 'offer',
    cells: {
      signedOut: 401,
      freeProducer: { own: 200, other: 403 },
      premiumProducer: { own: 200, other: 403 },
      otherProducer: { own: 200, other: 403 },
      agent: { own: 403, other: 403 },
      otherAgent: { own: 403, other: 403 },
      admin: 403,
    },
  },
  {
    route: 'POST /api/offers/{id}/payment',
    object: 'awaitingOffer',
    fresh: 'object',
    cells: {
      signedOut: 401,
      freeProducer: { own: 200, other: 403 },
      premiumProducer: { own: 200, other: 403 },
      otherProducer: { own: 200, other: 403 },
      agent: { own: 403, other: 403 },
      otherAgent: { own: 403, other: 403 },
      admin: 403,
    },
  },
  {
    route: 'POST /api/offers/{id}/abandon',
    object: 'awaitingOffer',
    fresh: 'object',
    cells: {
      signedOut: 401,
      freeProducer: { own: 200, other: 403 },
      premiumProducer: { own: 200, other: 403 },
      otherProducer: { own: 200, other: 403 },
      agent: { own: 403, other: 403 },
      otherAgent: { own: 403, other: 403 },
      admin: 403,
    },
  },
  // Only an expired offer renews: the producer's own pending offer gets past the guard to 409.
  {
    route: 'POST /api/offers/{id}/renew',
    object: 'offer',
    fresh: 'object',
    cells: {
      signedOut: 401,
      freeProducer: { own: 409, other: 403 },
      premiumProducer: { own: 409, other: 403 },
      otherProducer: { own: 409, other: 403 },
      agent: { own: 403, other: 403 },
      otherAgent: { own: 403, other: 403 },
      admin: 403,
    },
  },
  {
    route: 'PATCH /api/offers/{id}/cancel',
    object: 'offer',
    fresh: 'object',
    cells: {
      signedOut: 401,
      freeProducer: { own: 200, other: 403 },
      premiumProducer: { own: 200, other: 403 },
      otherProducer: { own: 200, other: 403 },
      agent: { own: 403, other: 403 },
      otherAgent: { own: 403, other: 403 },
      admin: 403,
    },
  },
  // Only the listing's agent decides: admins do not hold the rights.
  {
    route: 'PATCH /api/offers/{id}/accept',
    object: 'offer',
    fresh: 'object',
    cells: {
      signedOut: 401,
      freeProducer: { own: 403, other: 403 },
      premiumProducer: { own: 403, other: 403 },
      otherProducer: { own: 403, other: 403 },
      agent: { own: 200, other: 403 },
      otherAgent: { own: 200, other: 403 },
      admin: 403,
    },
  },
  {
    route: 'PATCH /api/offers/{id}/reject',
    object: 'offer',
    fresh: 'object',
    cells: {
      signedOut: 401,
      freeProducer: { own: 403, other: 403 },
      premiumProducer: { own: 403, other: 403 },
      otherProducer: { own: 403, other: 403 },
      agent: { own: 200, other: 403 },
      otherAgent: { own: 200, other: 403 },
      admin: 403,
    },
  },

  // Payments
  { route: 'GET /api/payments/config', cells: everyone(200) },
  {
    route: 'POST /api/payments/local/confirm',
    object: 'paymentSecret',
    fresh: 'object',
    cells: {
      signedOut: 401,
      freeProducer: { own: 200, other: 403 },
      premiumProducer: { own: 200, other: 403 },
      otherProducer: { own: 200, other: 403 },
      agent: 403,
      otherAgent: 403,
      admin: 403,
    },
  },
  // Authenticated by Stripe's signature, not by a session, and only there with the stripe
  // provider: with the local one (here) it does not exist for anyone.
  { route: 'POST /api/payments/stripe/webhook', cells: everyone(404) },

  // Chain of title: admins file and delete; the listing's agent and admins read and download.
  {
    route: 'GET /api/chain-of-title/listings/{listingId}',
    object: 'agentListing',
    cells: {
      ...signedIn(403),
      agent: { own: 200, other: 403 },
      otherAgent: { own: 200, other: 403 },
      admin: 200,
    },
  },
  {
    route: 'GET /api/chain-of-title/documents/{id}/file',
    object: 'chainDocument',
    cells: {
      ...signedIn(403),
      agent: { own: 200, other: 403 },
      otherAgent: { own: 200, other: 403 },
      admin: 200,
    },
  },
  { route: 'GET /api/admin/chain-of-title/overview', cells: { ...signedIn(403), admin: 200 } },
  {
    route: 'POST /api/admin/chain-of-title/listings/{listingId}/documents',
    object: 'listing',
    cells: { ...signedIn(403), admin: 201 },
  },
  {
    route: 'DELETE /api/admin/chain-of-title/documents/{id}',
    object: 'chainDocument',
    cells: { ...signedIn(403), admin: 200 },
  },

  // Admin
  {
    route: 'POST /api/admin/users/{userId}/refund-membership',
    object: 'member',
    fresh: 'object',
    cells: {
      signedOut: 401,
      freeProducer: 403,
      premiumProducer: 403,
      otherProducer: 403,
      agent: 403,
      otherAgent: 403,
      admin: 200,
    },
  },
  // The admin users console: administrators only (decision 009).
  // Admin analytics and the bulk IP image upload (the upload sends a CSV with one image).
  { route: 'GET /api/admin/analytics', cells: { ...signedIn(403), admin: 200 } },
  { route: 'POST /api/admin/upload-ip-images', cells: { ...signedIn(403), admin: 200 } },
  { route: 'GET /api/admin/users', cells: { ...signedIn(403), admin: 200 } },
  { route: 'GET /api/admin/pending-agents', cells: { ...signedIn(403), admin: 200 } },
  { route: 'GET /api/admin/audit-log', cells: { ...signedIn(403), admin: 200 } },
  {
    route: 'POST /api/admin/verify-agent/{agentId}',
    object: 'pendingAgent',
    fresh: 'object',
    cells: { ...signedIn(403), admin: 200 },
  },
  {
    route: 'PUT /api/admin/users/{userId}/role',
    object: 'user',
    fresh: 'object',
    cells: { ...signedIn(403), admin: 200 },
  },
  {
    route: 'POST /api/admin/users/{userId}/suspend',
    object: 'user',
    fresh: 'object',
    cells: { ...signedIn(403), admin: 200 },
  },
  // The new producer is not suspended: the admin gets past the guard and the state refuses.
  {
    route: 'POST /api/admin/users/{userId}/activate',
    object: 'user',
    fresh: 'object',
    cells: { ...signedIn(403), admin: 409 },
  },
  {
    route: 'POST /api/admin/users/{userId}/reset-password',
    object: 'user',
    fresh: 'object',
    cells: { ...signedIn(403), admin: 200 },
  },
  {
    route: 'DELETE /api/admin/users/{userId}',
    object: 'user',
    fresh: 'object',
    cells: { ...signedIn(403), admin: 200 },
  },
];
