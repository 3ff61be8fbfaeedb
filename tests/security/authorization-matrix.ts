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
 *   comment               a new comment: producers: one they wrote / another producer wrote,
 *                         on an agent's listing; agents: one they wrote on their own listing /
 *                         a producer's on the other agent's listing; everyone else: a
 *                         producer's on an agent's listing.
 *   forumPost, forumReply a new forum discussion / reply: forum members (premium producer,
 *                         agents, admin): one they wrote / one another member wrote; everyone
 *                         else: one an agent wrote.
 *   forumReport           an open report of a new discussion (admins resolve it).
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
  | 'chainDocument'
  | 'comment'
  | 'forumPost'
  | 'forumReply'
  | 'forumReport';

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

/** The forum: 401 signed out, 403 for producers without Premium, `status` for its members. */
const forumMembers = (status: number): Record<MatrixRole, Cell> => ({
  ...signedIn(403),
  premiumProducer: status,
  agent: status,
  otherAgent: status,
  admin: status,
});

/** AI recommendations: 401 signed out, `status` for premium producers, 403 for everyone else. */
const premiumProducersOnly = (status: number): Record<MatrixRole, Cell> => ({
  ...signedIn(403),
  premiumProducer: status,
});

/** Forum members acting on what they wrote: `status` on their own, 403 on another's. */
const forumAuthorsOnly = (status: number): Partial<Record<MatrixRole, Cell>> => ({
  premiumProducer: { own: status, other: 403 },
  agent: { own: status, other: 403 },
  otherAgent: { own: status, other: 403 },
  admin: { own: status, other: 403 },
});

export const AUTHORIZATION_MATRIX: MatrixRow[] = [
  // Platform
  { route: 'GET /api/health', cells: everyone(200) },
  // Readiness is for load balancers, which are never signed in; it names checks, no data.
  { route: 'GET /api/ready', cells: everyone(200) },
  // Metrics answer only a scraper's bearer token (METRICS_TOKEN, unset here): no role reads them.
  { route: 'GET /api/metrics', cells: everyone(404) },
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

  // Rights availability (issue 29): the grid of a listing anyone signed in may see (who holds
  // a cell only for its agent and admins); the dashboard's grids are an agent's own.
  { route: 'GET /api/listings/{id}/avails', object: 'listing', cells: signedIn(200) },
  { route: 'GET /api/agent/avails', cells: { ...signedIn(403), agent: 200, otherAgent: 200 } },

  // Favourites
  { route: 'GET /api/favorites', cells: signedIn(200) },
  { route: 'GET /api/favorites/{id}/status', object: 'listing', cells: signedIn(200) },
  { route: 'POST /api/favorites/{id}', object: 'listing', cells: signedIn(200) },
  { route: 'DELETE /api/favorites/{id}', object: 'listing', cells: signedIn(200) },

  // Recommendations (decision 015): premium producers only (the spec's roles table: agents
  // and admins "not shown", issue 31); similar titles and search by meaning for everyone
  // signed in.
  { route: 'GET /api/recommendations', cells: premiumProducersOnly(200) },
  { route: 'GET /api/recommendations/progress', cells: premiumProducersOnly(200) },
  {
    route: 'POST /api/recommendations/feedback',
    object: 'listing',
    cells: premiumProducersOnly(200),
  },
  { route: 'GET /api/recommendations/profile', cells: premiumProducersOnly(200) },
  { route: 'PUT /api/recommendations/profile', cells: premiumProducersOnly(200) },
  { route: 'GET /api/listings/{id}/similar', object: 'listing', cells: signedIn(200) },
  { route: 'GET /api/listings/by-meaning', cells: signedIn(200) },

  // Saved searches and notifications: each person's own (another's id answers 404, as a
  // missing one does: src/domains/saved-searches/server/saved-searches.test.ts proves it).
  { route: 'GET /api/saved-searches', cells: signedIn(200) },
  { route: 'POST /api/saved-searches', cells: signedIn(201) },
  {
    route: 'PATCH /api/saved-searches/{id}',
    url: '/api/saved-searches/999999',
    cells: signedIn(404),
  },
  {
    route: 'DELETE /api/saved-searches/{id}',
    url: '/api/saved-searches/999999',
    cells: signedIn(404),
  },
  {
    route: 'GET /api/saved-searches/unsubscribe',
    url: '/api/saved-searches/unsubscribe?token=not-a-token',
    cells: everyone(404),
  },
  {
    route: 'POST /api/saved-searches/unsubscribe',
    url: '/api/saved-searches/unsubscribe?token=not-a-token',
    cells: everyone(404),
  },
  { route: 'GET /api/notifications', cells: signedIn(200) },
  {
    route: 'POST /api/notifications/{id}/read',
    url: '/api/notifications/999999/read',
    cells: signedIn(404),
  },
  { route: 'POST /api/notifications/read-all', cells: signedIn(200) },

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
  // The deal room (decision 016): term sheets, counters, the option agreement.
  {
    route: 'GET /api/offers/{id}/terms',
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
  // The agent counters a pending offer; its producer may only answer a counter (409 here).
  {
    route: 'POST /api/offers/{id}/counter',
    object: 'offer',
    fresh: 'object',
    cells: {
      signedOut: 401,
      freeProducer: { own: 409, other: 403 },
      premiumProducer: { own: 409, other: 403 },
      otherProducer: { own: 409, other: 403 },
      agent: { own: 200, other: 403 },
      otherAgent: { own: 200, other: 403 },
      admin: 403,
    },
  },
  {
    route: 'POST /api/offers/{id}/accept-counter',
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
  // A pending offer has no agreement yet: the parties and admins get past the guard to 404.
  {
    route: 'GET /api/offers/{id}/agreement',
    object: 'offer',
    cells: {
      signedOut: 401,
      freeProducer: { own: 404, other: 403 },
      premiumProducer: { own: 404, other: 403 },
      otherProducer: { own: 404, other: 403 },
      agent: { own: 404, other: 403 },
      otherAgent: { own: 404, other: 403 },
      admin: 404,
    },
  },
  {
    route: 'POST /api/offers/{id}/agreement/sign',
    object: 'offer',
    cells: {
      signedOut: 401,
      freeProducer: { own: 404, other: 403 },
      premiumProducer: { own: 404, other: 403 },
      otherProducer: { own: 404, other: 403 },
      agent: { own: 404, other: 403 },
      otherAgent: { own: 404, other: 403 },
      admin: 404,
    },
  },

  // Anyone may verify an agreement PDF: one we never issued is answered 'not genuine'.
  { route: 'POST /api/agreements/verify', cells: everyone(200) },

  // Deals: questions before an offer (decision 016). Who may read or answer a conversation
  // is proven in src/domains/inbox/server/inbox.test.ts; here an unknown one answers 404.
  { route: 'GET /api/deals/threads', cells: signedIn(200) },
  { route: 'GET /api/deals/listings/{listingId}/thread', object: 'listing', cells: signedIn(200) },
  {
    route: 'POST /api/deals/listings/{listingId}/questions',
    object: 'listing',
    cells: {
      ...signedIn(403),
      freeProducer: 201,
      premiumProducer: 201,
      otherProducer: 201,
    },
  },
  {
    route: 'POST /api/deals/threads/{id}/messages',
    url: '/api/deals/threads/999999/messages',
    cells: signedIn(404),
  },
  {
    route: 'POST /api/deals/threads/{id}/mute',
    url: '/api/deals/threads/999999/mute',
    cells: signedIn(404),
  },

  // Producer vetting (issue 35): producers apply; a listing's agent sets its offer policy;
  // administrators decide applications (the 999999 application is missing: 404 past the guard).
  { route: 'GET /api/vetting/application', cells: signedIn(200) },
  {
    route: 'POST /api/vetting/application',
    fresh: 'actor',
    cells: { ...signedIn(403), freeProducer: 201, premiumProducer: 201, otherProducer: 201 },
  },
  {
    route: 'GET /api/vetting/verified',
    url: '/api/vetting/verified?ids=1,2',
    cells: signedIn(200),
  },
  {
    route: 'GET /api/vetting/listings/{listingId}/offer-policy',
    object: 'listing',
    cells: signedIn(200),
  },
  {
    route: 'PUT /api/vetting/listings/{listingId}/offer-policy',
    object: 'agentListing',
    cells: {
      ...signedIn(403),
      agent: { own: 200, other: 403 },
      otherAgent: { own: 200, other: 403 },
    },
  },
  { route: 'GET /api/admin/producer-applications', cells: { ...signedIn(403), admin: 200 } },
  // Mandates (issue 35): premium producers post; agents see matches and pitch; a mandate's or
  // pitch's producer acts on it (999999 is nobody's: 404 past the guard). That an anonymous
  // mandate names no one in any answer is its own test (authorization-matrix.test.ts).
  { route: 'GET /api/mandates', cells: signedIn(200) },
  { route: 'POST /api/mandates', cells: { ...signedIn(403), premiumProducer: 201 } },
  { route: 'GET /api/mandates/mine', cells: signedIn(200) },
  { route: 'GET /api/mandates/matches', cells: { ...signedIn(403), agent: 200, otherAgent: 200 } },
  { route: 'GET /api/mandates/pitches/sent', cells: signedIn(200) },
  ...(
    [
      'GET /api/mandates/{id}',
      'POST /api/mandates/{id}/close',
      'GET /api/mandates/{id}/listings',
      'GET /api/mandates/{id}/pitches',
    ] as const
  ).map((route) => ({
    route,
    url: route.split(' ')[1].replace('{id}', '999999'),
    cells: signedIn(404),
  })),
  {
    route: 'POST /api/mandates/{id}/pitches',
    url: '/api/mandates/999999/pitches',
    cells: { ...signedIn(403), agent: 404, otherAgent: 404 },
  },
  {
    route: 'POST /api/mandates/pitches/{id}/answer',
    url: '/api/mandates/pitches/999999/answer',
    cells: signedIn(404),
  },
  {
    route: 'POST /api/mandates/pitches/{id}/decline',
    url: '/api/mandates/pitches/999999/decline',
    cells: signedIn(404),
  },
  {
    route: 'PUT /api/mandates/mutes/{agentId}',
    object: 'agent',
    cells: { ...signedIn(403), freeProducer: 200, premiumProducer: 200, otherProducer: 200 },
  },
  {
    route: 'POST /api/admin/producer-applications/{id}/decision',
    url: '/api/admin/producer-applications/999999/decision',
    cells: { ...signedIn(403), admin: 404 },
  },

  // The option after signature (issue 34): each signed-in user lists the options that are
  // theirs (none here); an option nobody has answers 404 to every role allowed to ask, and
  // only admins record a bank transfer. Who may see or pay which option is proven in
  // src/domains/options/server/option-lifecycle.test.ts.
  { route: 'GET /api/options', cells: signedIn(200) },
  { route: 'GET /api/options/{id}', url: '/api/options/999999', cells: signedIn(404) },
  {
    route: 'POST /api/options/{id}/extension',
    url: '/api/options/999999/extension',
    cells: signedIn(404),
  },
  {
    route: 'POST /api/options/{id}/exercise',
    url: '/api/options/999999/exercise',
    cells: signedIn(404),
  },
  {
    route: 'GET /api/options/{id}/notices/{paymentId}',
    url: '/api/options/999999/notices/1',
    cells: signedIn(404),
  },
  {
    route: 'POST /api/admin/options/{id}/bank-transfer',
    url: '/api/admin/options/999999/bank-transfer',
    cells: { ...signedIn(403), admin: 404 },
  },
  // A deal's timeline follows the offer's read rule: its producer, the listing's agent, admins.
  {
    route: 'GET /api/deals/{offerId}/timeline',
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

  // Comments (decision 011): premium members, the listing's own agent and admins take part;
  // a free producer meets the premium gate. Authors edit their own; authors and admins delete.
  {
    route: 'GET /api/listings/{id}/comments',
    object: 'agentListing',
    cells: {
      ...signedIn(403),
      premiumProducer: 200,
      agent: { own: 200, other: 403 },
      otherAgent: { own: 200, other: 403 },
      admin: 200,
    },
  },
  {
    route: 'POST /api/listings/{id}/comments',
    object: 'agentListing',
    fresh: 'actor',
    cells: {
      ...signedIn(403),
      premiumProducer: 201,
      agent: { own: 201, other: 403 },
      otherAgent: { own: 201, other: 403 },
      admin: 201,
    },
  },
  {
    route: 'PUT /api/comments/{id}',
    object: 'comment',
    cells: {
      ...signedIn(403),
      freeProducer: { own: 403, other: 403 },
      premiumProducer: { own: 200, other: 403 },
      otherProducer: { own: 403, other: 403 },
      agent: { own: 200, other: 403 },
      otherAgent: { own: 200, other: 403 },
    },
  },
  // No premium gate: authors may take back their words after their membership ends.
  {
    route: 'DELETE /api/comments/{id}',
    object: 'comment',
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
    route: 'POST /api/comments/{id}/like',
    object: 'comment',
    cells: {
      ...signedIn(403),
      premiumProducer: { own: 200, other: 200 },
      agent: { own: 200, other: 403 },
      otherAgent: { own: 200, other: 403 },
      admin: 200,
    },
  },
  // Reporting your own comment is refused (400) past the guard.
  {
    route: 'POST /api/comments/{id}/report',
    object: 'comment',
    cells: {
      ...signedIn(403),
      premiumProducer: { own: 400, other: 201 },
      agent: { own: 400, other: 403 },
      otherAgent: { own: 400, other: 403 },
      admin: 201,
    },
  },
  { route: 'GET /api/admin/comments', cells: { ...signedIn(403), admin: 200 } },
  { route: 'GET /api/admin/comments/stats', cells: { ...signedIn(403), admin: 200 } },
  {
    route: 'DELETE /api/admin/comments/{id}',
    object: 'comment',
    cells: { ...signedIn(403), admin: 200 },
  },
  {
    route: 'POST /api/admin/comments/{id}/dismiss-reports',
    object: 'comment',
    cells: { ...signedIn(403), admin: 200 },
  },

  // Forum (decision 012): premium producers, agents and admins; everyone else 403 with the
  // spec's message. Authors edit their own; authors and admins delete; admins pin and lock.
  { route: 'GET /api/forum/posts', cells: forumMembers(200) },
  { route: 'POST /api/forum/posts', fresh: 'actor', cells: forumMembers(201) },
  { route: 'GET /api/forum/posts/{id}', object: 'forumPost', cells: forumMembers(200) },
  {
    route: 'PUT /api/forum/posts/{id}',
    object: 'forumPost',
    cells: { ...forumMembers(403), ...forumAuthorsOnly(200) },
  },
  {
    route: 'DELETE /api/forum/posts/{id}',
    object: 'forumPost',
    fresh: 'object',
    cells: { ...forumMembers(403), ...forumAuthorsOnly(200), admin: 200 },
  },
  { route: 'GET /api/forum/posts/{id}/replies', object: 'forumPost', cells: forumMembers(200) },
  { route: 'POST /api/forum/posts/{id}/replies', object: 'forumPost', cells: forumMembers(201) },
  { route: 'POST /api/forum/posts/{id}/view', object: 'forumPost', cells: forumMembers(200) },
  {
    route: 'POST /api/forum/posts/{id}/accepted-reply',
    object: 'forumPost',
    cells: { ...forumMembers(403), ...forumAuthorsOnly(200) },
  },
  {
    route: 'POST /api/forum/posts/{id}/sticky',
    object: 'forumPost',
    cells: { ...signedIn(403), admin: 200 },
  },
  {
    route: 'POST /api/forum/posts/{id}/lock',
    object: 'forumPost',
    cells: { ...signedIn(403), admin: 200 },
  },
  {
    route: 'PUT /api/forum/replies/{id}',
    object: 'forumReply',
    cells: { ...forumMembers(403), ...forumAuthorsOnly(200) },
  },
  {
    route: 'DELETE /api/forum/replies/{id}',
    object: 'forumReply',
    fresh: 'object',
    cells: { ...forumMembers(403), ...forumAuthorsOnly(200), admin: 200 },
  },
  { route: 'POST /api/forum/like', object: 'forumPost', cells: forumMembers(200) },
  { route: 'POST /api/forum/reports', object: 'forumPost', cells: forumMembers(201) },
  { route: 'GET /api/admin/forum/reports', cells: { ...signedIn(403), admin: 200 } },
  {
    route: 'POST /api/admin/forum/reports/{id}/dismiss',
    object: 'forumReport',
    fresh: 'object',
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
  { route: 'GET /api/admin/jobs', cells: { ...signedIn(403), admin: 200 } },
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
    route: 'GET /api/admin/users/{userId}/suspension-impact',
    object: 'user',
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
  // Enrichment (decision 014): administrators only. The matrix's app has no enrichment keys,
  // so an admin's action gets past the guard and is told the service is not configured (409).
  { route: 'GET /api/enrichment/services', cells: { ...signedIn(403), admin: 200 } },
  { route: 'GET /api/admin/youtube-enrichment-status', cells: { ...signedIn(403), admin: 200 } },
  { route: 'GET /api/admin/twitter-enrichment-status', cells: { ...signedIn(403), admin: 200 } },
  { route: 'POST /api/admin/enrich-youtube', cells: { ...signedIn(403), admin: 409 } },
  { route: 'POST /api/admin/enrich-twitter', cells: { ...signedIn(403), admin: 409 } },
  { route: 'GET /api/google-books/listings', cells: { ...signedIn(403), admin: 200 } },
  {
    route: 'GET /api/google-books/search',
    url: '/api/google-books/search?q=lighthouse&maxResults=5',
    cells: { ...signedIn(403), admin: 409 },
  },
  {
    route: 'GET /api/google-books/enrich/{listingId}',
    object: 'listing',
    cells: { ...signedIn(403), admin: 409 },
  },
  {
    route: 'POST /api/google-books/apply-enrichment/{listingId}',
    object: 'listing',
    cells: { ...signedIn(403), admin: 409 },
  },
  { route: 'POST /api/google-books/batch-enrich', cells: { ...signedIn(403), admin: 409 } },
  // No batch has run here: the admin gets past the guard and finds no such batch.
  {
    route: 'GET /api/google-books/batch-enrich/{runId}',
    url: '/api/google-books/batch-enrich/2147483647',
    cells: { ...signedIn(403), admin: 404 },
  },
  // Commercial analysis (decision 013): premium producers read any listing's analysis, an agent
  // their own listings', admins every one; the dashboard's batch needs only a session; the
  // search is premium; coverage and recompute are the admins'.
  ...(
    [
      'GET /api/commercial-analysis/{listingId}',
      'GET /api/commercial-analysis/{listingId}/pdf',
      'GET /api/enhanced-analysis',
    ] as const
  ).map((route): MatrixRow => ({
    route,
    object: 'agentListing',
    cells: {
      ...signedIn(403),
      premiumProducer: 200,
      agent: { own: 200, other: 403 },
      otherAgent: { own: 200, other: 403 },
      admin: 200,
    },
  })),
  { route: 'GET /api/commercial-analysis/batch', cells: signedIn(200) },
  {
    route: 'GET /api/commercial-analysis/search',
    cells: { ...signedIn(403), premiumProducer: 200, agent: 200, otherAgent: 200, admin: 200 },
  },
  { route: 'GET /api/admin/commercial-analysis/status', cells: { ...signedIn(403), admin: 200 } },
  {
    route: 'POST /api/admin/commercial-analysis/recompute',
    cells: { ...signedIn(403), admin: 202 },
  },
];

/**
 * Listing kinds (issue 27): every route that takes a listing id (in its path, its query or
 * its body, or whose row above names a listing as its object) is tried again on a listing of
 * each kind off the main rows' "published" one, so a new such route cannot forget the rule
 * "who may see this listing" (the listings room's canSeeListing; decision 008). The coverage
 * test fails while such a route has no row here.
 *
 *   draft       a listing saved by an agent awaiting approval (status `draft`)
 *   suspended   a listing its agent's suspension took off the market (the agent is suspended,
 *               the listing withdrawn): nobody but admins sees it
 *   withdrawn   withdrawn for good (kept as a deal's record), its agent still active
 *   optioned    an accepted offer optioned it: on the market, as today
 *
 * Each cell gets a new listing of the kind. Whose: agents' {own, other} cells their own / the
 * other agent's; an agent's number cell the other agent's; everyone else's the agent's; for
 * `suspended`, always the suspended agent's. A listing a role may not see answers 404, exactly
 * as one that does not exist.
 */
export const LISTING_KINDS = ['draft', 'suspended', 'withdrawn', 'optioned'] as const;
export type ListingKind = (typeof LISTING_KINDS)[number];

export interface ListingKindRow {
  route: string;
  kinds: Record<ListingKind, Record<MatrixRole, Cell>>;
}

/** Off the market: its agent and admins get `seen`, everyone else `unseen` (404 by default). */
const offMarket = (
  seen: number,
  { signedOut = 401, unseen = 404 }: { signedOut?: number; unseen?: number } = {},
): Record<MatrixRole, Cell> => ({
  signedOut,
  freeProducer: unseen,
  premiumProducer: unseen,
  otherProducer: unseen,
  agent: { own: seen, other: unseen },
  otherAgent: { own: seen, other: unseen },
  admin: seen,
});

/** A suspended agent's listing: admins get `seen`, everyone else `unseen`. */
const suspendedOnly = (
  seen: number,
  { signedOut = 401, unseen = 404 }: { signedOut?: number; unseen?: number } = {},
): Record<MatrixRole, Cell> => ({
  ...everyone(unseen),
  signedOut,
  admin: seen,
});

/** The same cells for every kind: a route whose guard answers before the listing matters. */
const allKinds = (cells: Record<MatrixRole, Cell>): ListingKindRow['kinds'] => ({
  draft: cells,
  suspended: cells,
  withdrawn: cells,
  optioned: cells,
});

/** A read that anyone signed in may make on a listing they may see. */
const signedInRead = (status: number): ListingKindRow['kinds'] => ({
  draft: offMarket(status),
  suspended: suspendedOnly(status),
  withdrawn: offMarket(status),
  optioned: signedIn(status),
});

/** The listing's agent (own) or an admin; another agent is refused, or told nothing when hidden. */
const agentOrAdmin = (status: number): Record<MatrixRole, Cell> => ({
  ...signedIn(403),
  agent: { own: status, other: 403 },
  otherAgent: { own: status, other: 403 },
  admin: status,
});

/** Premium members, the listing's agent and admins (comments, commercial analysis). */
const premiumPanel = (status: number): ListingKindRow['kinds'] => ({
  draft: { ...offMarket(status), freeProducer: 403, otherProducer: 403 },
  suspended: { ...suspendedOnly(status), freeProducer: 403, otherProducer: 403 },
  withdrawn: { ...offMarket(status), freeProducer: 403, otherProducer: 403 },
  optioned: {
    ...signedIn(403),
    premiumProducer: status,
    agent: { own: status, other: 403 },
    otherAgent: { own: status, other: 403 },
    admin: status,
  },
});

const adminsOnly = (status: number) => allKinds({ ...signedIn(403), admin: status });

export const LISTING_KIND_MATRIX: ListingKindRow[] = [
  { route: 'GET /api/listings/{id}', kinds: signedInRead(200) },
  { route: 'GET /api/vetting/listings/{listingId}/offer-policy', kinds: signedInRead(200) },
  // The mandate (999999) is missing: agents get 404 before the listing is read.
  {
    route: 'POST /api/mandates/{id}/pitches',
    kinds: allKinds({ ...signedIn(403), agent: 404, otherAgent: 404 }),
  },
  // Only the listing's agent sets its policy; an admin who sees a hidden listing is refused.
  {
    route: 'PUT /api/vetting/listings/{listingId}/offer-policy',
    kinds: {
      draft: { ...offMarket(200), admin: 403 },
      suspended: suspendedOnly(403),
      withdrawn: { ...offMarket(200), admin: 403 },
      optioned: { ...agentOrAdmin(200), admin: 403 },
    },
  },
  ...(['GET /images/covers/{id}.svg', 'GET /images/covers/{id}.png'] as const).map(
    (route): ListingKindRow => ({
      route,
      kinds: {
        draft: offMarket(200, { signedOut: 404 }),
        suspended: suspendedOnly(200, { signedOut: 404 }),
        withdrawn: offMarket(200, { signedOut: 404 }),
        optioned: everyone(200),
      },
    }),
  ),
  // Another agent may not change a listing they can see (403); one they cannot see is missing.
  // Only agents and admins list, so a producer's PUT is refused before any listing is read.
  {
    route: 'PUT /api/listings/{id}',
    kinds: {
      draft: { ...offMarket(200), freeProducer: 403, premiumProducer: 403, otherProducer: 403 },
      suspended: {
        ...suspendedOnly(200),
        freeProducer: 403,
        premiumProducer: 403,
        otherProducer: 403,
      },
      withdrawn: {
        ...offMarket(200),
        freeProducer: 403,
        premiumProducer: 403,
        otherProducer: 403,
      },
      optioned: agentOrAdmin(200),
    },
  },
  {
    route: 'DELETE /api/listings/{id}',
    kinds: {
      draft: offMarket(200),
      suspended: suspendedOnly(200),
      withdrawn: offMarket(200),
      optioned: agentOrAdmin(200),
    },
  },
  { route: 'GET /api/favorites/{id}/status', kinds: signedInRead(200) },
  { route: 'POST /api/favorites/{id}', kinds: signedInRead(200) },
  { route: 'DELETE /api/favorites/{id}', kinds: signedInRead(200) },
  {
    route: 'POST /api/recommendations/feedback',
    // Recommendations are for premium producers (decision 015): everyone else is refused
    // before the listing matters; a premium producer meets an unseen listing as a missing one.
    kinds: {
      draft: premiumProducersOnly(404),
      suspended: premiumProducersOnly(404),
      withdrawn: premiumProducersOnly(404),
      optioned: premiumProducersOnly(200),
    },
  },
  { route: 'GET /api/listings/{id}/similar', kinds: signedInRead(200) },
  { route: 'GET /api/listings/{id}/avails', kinds: signedInRead(200) },
  { route: 'POST /api/tracking/activity', kinds: signedInRead(204) },
  // Producers only make offers; an optioned listing takes no new one (409).
  {
    route: 'POST /api/offers',
    kinds: {
      draft: { ...signedIn(403), freeProducer: 404, premiumProducer: 404, otherProducer: 404 },
      suspended: { ...signedIn(403), freeProducer: 404, premiumProducer: 404, otherProducer: 404 },
      withdrawn: { ...signedIn(403), freeProducer: 404, premiumProducer: 404, otherProducer: 404 },
      optioned: { ...signedIn(403), freeProducer: 409, premiumProducer: 409, otherProducer: 409 },
    },
  },
  // The agent in the path is the listing's (the other agent's for `other`): their own only.
  {
    route: 'GET /api/analytics/agent/{agentId}/listings/{listingId}/viewers',
    kinds: { ...allKinds(agentOrAdmin(200)), suspended: { ...signedIn(403), admin: 200 } },
  },
  // A producer's own conversation, or none: 200 and no thread for any listing, as for a
  // missing one (no oracle).
  { route: 'GET /api/deals/listings/{listingId}/thread', kinds: allKinds(signedIn(200)) },
  {
    route: 'POST /api/deals/listings/{listingId}/questions',
    kinds: {
      draft: { ...signedIn(403), freeProducer: 404, premiumProducer: 404, otherProducer: 404 },
      suspended: { ...signedIn(403), freeProducer: 404, premiumProducer: 404, otherProducer: 404 },
      withdrawn: { ...signedIn(403), freeProducer: 404, premiumProducer: 404, otherProducer: 404 },
      optioned: { ...signedIn(403), freeProducer: 201, premiumProducer: 201, otherProducer: 201 },
    },
  },
  // Only the listing's agent and admins read it: others are refused a listing they can see
  // and told nothing of one they cannot.
  {
    route: 'GET /api/chain-of-title/listings/{listingId}',
    kinds: {
      draft: offMarket(200),
      suspended: suspendedOnly(200),
      withdrawn: offMarket(200),
      optioned: agentOrAdmin(200),
    },
  },
  {
    route: 'POST /api/admin/chain-of-title/listings/{listingId}/documents',
    kinds: adminsOnly(201),
  },
  { route: 'GET /api/listings/{id}/comments', kinds: premiumPanel(200) },
  { route: 'POST /api/listings/{id}/comments', kinds: premiumPanel(201) },
  // Enrichment is the admins' tool (decision 014), and admins see every listing.
  { route: 'GET /api/google-books/enrich/{listingId}', kinds: adminsOnly(409) },
  { route: 'POST /api/google-books/apply-enrichment/{listingId}', kinds: adminsOnly(409) },
  { route: 'POST /api/google-books/batch-enrich', kinds: adminsOnly(409) },
  { route: 'GET /api/admin/comments', kinds: adminsOnly(200) },
  { route: 'GET /api/commercial-analysis/{listingId}', kinds: premiumPanel(200) },
  { route: 'GET /api/commercial-analysis/{listingId}/pdf', kinds: premiumPanel(200) },
  { route: 'GET /api/enhanced-analysis', kinds: premiumPanel(200) },
];
