import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../helpers/fixtures/listings';
import { multipartBody, PDF_BYTES } from '../helpers/fixtures/offers';
import { createTestApp, createUser, signIn, type TestApp } from '../helpers/test-app';
import { appRoutes } from './app-routes';
import {
  AUTHORIZATION_MATRIX,
  LISTING_KIND_MATRIX,
  LISTING_KINDS,
  type Cell,
  type ListingKind,
  type MatrixRow,
  type ObjectKind,
} from './authorization-matrix';
import { operationsOf, type Operation } from './fuzz/openapi-operations';
import {
  ROLES,
  SecurityWorld,
  type Actor,
  type MatrixRole,
  type RequestSpec,
} from './security-world';

/** createUser's password when none is given (change-password needs the current one). */
const DEFAULT_PASSWORD = 'correct-horse-battery';

type Variant = 'own' | 'other';

interface CellRequest {
  role: MatrixRole;
  variant: Variant | null;
  expected: number;
}

let t: TestApp;
let world: SecurityWorld;
let loginTarget: { email: string; password: string };
let counter = 0;
const unique = () => `${(counter += 1)}${Date.now().toString(36).slice(-5)}`;

beforeAll(async () => {
  t = await createTestApp();
  world = await SecurityWorld.create(t);
  const target = await createUser(t.db);
  loginTarget = { email: target.email, password: target.password };
}, 120_000);
afterAll(() => t.close());

const PRODUCERS: MatrixRole[] = ['freeProducer', 'premiumProducer', 'otherProducer'];
const AGENTS: MatrixRole[] = ['agent', 'otherAgent'];

/** Another producer than this one (whose object is `other` to it). */
const otherProducerOf = (role: MatrixRole): Actor =>
  world.actors[role === 'freeProducer' ? 'premiumProducer' : 'freeProducer'];
const otherAgentOf = (role: MatrixRole): Actor =>
  world.actors[role === 'agent' ? 'otherAgent' : 'agent'];

/** Whose offer it is and on whose listing, for the role and variant (see the matrix's key). */
function offerParties(role: MatrixRole, variant: Variant | null, actor: Actor) {
  if (PRODUCERS.includes(role)) {
    return {
      producer: variant === 'own' ? actor : otherProducerOf(role),
      agent: world.actors.agent,
    };
  }
  if (AGENTS.includes(role)) {
    return {
      producer: world.actors.freeProducer,
      agent: variant === 'own' ? actor : otherAgentOf(role),
    };
  }
  return { producer: world.actors.freeProducer, agent: world.actors.agent };
}

/** The world's standing offer with these parties (reads), by its key. */
function standingOfferKey(
  role: MatrixRole,
  variant: Variant | null,
): keyof SecurityWorld['offers'] {
  if (role === 'freeProducer') return variant === 'own' ? 'freeOnAgent' : 'premiumOnAgent';
  if (role === 'premiumProducer') return variant === 'own' ? 'premiumOnAgent' : 'freeOnAgent';
  if (role === 'otherProducer') return variant === 'own' ? 'otherOnAgent' : 'freeOnAgent';
  if (role === 'agent') return variant === 'own' ? 'freeOnAgent' : 'freeOnOtherAgent';
  if (role === 'otherAgent') return variant === 'own' ? 'freeOnOtherAgent' : 'freeOnAgent';
  return 'freeOnAgent';
}

/** The path value (or reference) of the row's object for this cell. */
async function objectFor(
  kind: ObjectKind,
  row: MatrixRow,
  cell: CellRequest,
  actor: Actor,
): Promise<string> {
  const fresh = row.fresh === 'object' || row.fresh === 'both';
  const { role, variant } = cell;
  switch (kind) {
    case 'listing':
      return String(world.listings.ofAgent.id);
    case 'agentListing': {
      const owner = AGENTS.includes(role)
        ? variant === 'own'
          ? actor
          : otherAgentOf(role)
        : world.actors.agent;
      return String((await world.newListing(owner)).id);
    }
    case 'offer': {
      if (!fresh) return String(world.offers[standingOfferKey(role, variant)].id);
      const { producer, agent } = offerParties(role, variant, actor);
      return String((await world.freshPendingOffer(producer, agent)).id);
    }
    case 'awaitingOffer': {
      const { producer, agent } = offerParties(role, variant, actor);
      const listing = await world.newListing(agent);
      return String((await world.awaitingOffer(producer, listing.id)).offer.id);
    }
    case 'paymentSecret': {
      const { producer, agent } = offerParties(role, variant, actor);
      const listing = await world.newListing(agent);
      return (await world.awaitingOffer(producer, listing.id)).clientSecret;
    }
    case 'deck':
      return world.decks[standingOfferKey(role, variant)].split('/').pop() ?? '';
    case 'agent': {
      if (AGENTS.includes(role)) {
        const agent = variant === 'own' ? actor : otherAgentOf(role);
        return String(agent.user?.id);
      }
      return String(world.actors.agent.user?.id);
    }
    case 'checkout':
      if (role === 'otherProducer') {
        return variant === 'own' ? world.checkouts.other : world.checkouts.free;
      }
      return variant === 'other' ? world.checkouts.other : world.checkouts.free;
    case 'member':
      return String((await world.paidPremiumProducer()).user?.id);
    case 'user':
      return String((await world.freshActor('freeProducer')).user?.id);
    case 'pendingAgent':
      return String(
        (await createUser(world.t.db, { role: 'agent', agentVerificationStatus: 'pending' })).id,
      );
    case 'comment': {
      if (AGENTS.includes(role)) {
        return variant === 'own'
          ? String(await world.commentOn(actor, actor))
          : String(await world.commentOn(world.actors.premiumProducer, otherAgentOf(role)));
      }
      const author = PRODUCERS.includes(role) && variant === 'own' ? actor : otherProducerOf(role);
      return String(await world.commentOn(author, world.actors.agent));
    }
    case 'forumPost':
    case 'forumReply': {
      const isMember = ['premiumProducer', 'agent', 'otherAgent', 'admin'].includes(role);
      const author =
        isMember && variant === 'own'
          ? actor
          : role === 'agent'
            ? world.actors.otherAgent
            : world.actors.agent;
      return String(
        kind === 'forumPost' ? await world.forumPostBy(author) : await world.forumReplyBy(author),
      );
    }
    case 'forumReport':
      return String(await world.forumReport());
    case 'chainDocument': {
      const owner = AGENTS.includes(role)
        ? variant === 'own'
          ? actor
          : otherAgentOf(role)
        : world.actors.agent;
      return String(await world.chainDocumentOn(owner));
    }
  }
}

const signUp = () => {
  const id = unique();
  return {
    role: 'producer',
    firstName: 'Matrix',
    lastName: 'Producer',
    email: `matrix${id}@example.test`,
    username: `matrix_${id}`,
    password: 'a-strong-password',
    confirmPassword: 'a-strong-password',
    acceptedLegalTerms: true,
  };
};

/** A valid agent listing form (the matrix checks who may send it, not what it says). */
const MATRIX_LISTING_FORM = {
  title: 'Matrix Listing',
  author: 'Ada Matrix',
  contentType: 'book',
  category: 'Fiction',
  synopsis: 'A synopsis long enough to pass the fifty-character minimum of the listing form.',
  targetAudience: 'Adult',
  publicationStatus: 'published',
  rightsAvailable: ['film'],
  territory: ['UK'],
  exclusivity: 'exclusive',
  askingPrice: 50000,
  currency: 'GBP',
};

/** A valid chain-of-title upload: the form's fields, then a PDF in `file`. */
function chainDocumentUpload(): { payload: Buffer; headers: Record<string, string> } {
  const { payload, headers, boundary } = multipartBody('rights.pdf', PDF_BYTES);
  const fields = {
    documentType: 'rights_agreement',
    title: 'Matrix rights agreement',
    parties: 'Ada Matrix\nMatrix Agency',
    effectiveDate: '2020-01-01',
  };
  const head = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  return { payload: Buffer.concat([Buffer.from(head), payload]), headers };
}

const VETTING_APPLICATION = {
  company: 'Matrix Films',
  role: 'Producer',
  website: 'https://matrix-films.example',
  credits: [{ title: 'The Matrix Shore', year: 2021, role: 'Producer' }],
  reference: 'Sam Reed, sam@example.test',
};

const MATRIX_MANDATE = {
  media: ['book'],
  genres: ['Drama'],
  budgetMin: 10000,
  budgetMax: 50000,
  rights: ['film'],
  territories: ['UK'],
  description: 'A coastal family drama with a secret at its heart.',
  anonymous: true,
  anonymousLabel: 'a London drama producer',
  openUntil: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10),
};

const card = { cardNumber: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };

/** A valid request to the route (so only who sends it decides the answer). */
async function requestFor(
  row: MatrixRow,
  actor: Actor,
  object: string | null,
): Promise<RequestSpec> {
  const [method, template] = row.route.split(' ') as [RequestSpec['method'], string];
  const url = row.url ?? template.replace(/\{\w+\}/, object ?? '');
  const spec: RequestSpec = { method, url };
  switch (row.route) {
    case 'POST /api/auth/register':
      return { ...spec, payload: signUp() };
    case 'GET /api/auth/verify/{token}':
      return { ...spec, url: '/api/auth/verify/not-a-real-token' };
    case 'GET /api/enhanced-analysis':
      return { ...spec, url: `/api/enhanced-analysis?listingId=${object ?? ''}` };
    case 'POST /api/auth/resend-verification':
    case 'POST /api/auth/forgot-password':
      return { ...spec, payload: { email: `nobody${unique()}@example.test` } };
    case 'POST /api/auth/login':
      return { ...spec, payload: loginTarget };
    case 'POST /api/auth/reset-password':
      return {
        ...spec,
        payload: {
          token: 'not-a-real-token',
          password: 'a-new-password',
          confirmPassword: 'a-new-password',
        },
      };
    case 'PATCH /api/profile/complete':
      return {
        ...spec,
        payload: {
          firstName: 'Matrix',
          lastName: 'Person',
          username: `matrix_${unique()}`,
          address: '1 Bank Street, London',
          phoneNumber: '+44 20 7946 0000',
          whatAreYouLookingFor: 'Literary thrillers with strong female leads',
          howDidYouHearAboutUs: 'Other',
          acceptedLegalTerms: true,
        },
      };
    case 'PUT /api/auth/profile':
      return {
        ...spec,
        payload: {
          firstName: 'Matrix',
          lastName: 'Person',
          email: actor.user?.email ?? `nobody${unique()}@example.test`,
          username: `matrix_${unique()}`,
        },
      };
    case 'PUT /api/auth/change-password':
      return {
        ...spec,
        payload: {
          currentPassword: DEFAULT_PASSWORD,
          newPassword: 'another-strong-password',
          confirmPassword: 'another-strong-password',
        },
      };
    case 'PUT /api/admin/users/{userId}/role':
      return { ...spec, payload: { role: 'agent' } };
    case 'POST /api/admin/verify-agent/{agentId}':
      return { ...spec, payload: { status: 'approved', notes: 'Checked' } };
    case 'POST /api/admin/users/{userId}/reset-password':
      return { ...spec, payload: { newPassword: 'a-new-strong-password' } };
    case 'PATCH /api/membership/auto-renew':
      return { ...spec, payload: { autoRenew: false } };
    case 'POST /api/tracking/search':
      return { ...spec, payload: { searchQuery: 'lighthouse', filters: {}, resultsCount: 1 } };
    case 'POST /api/recommendations/feedback':
      return { ...spec, payload: { listingId: Number(object), rating: 1 } };
    case 'PUT /api/recommendations/profile':
      return {
        ...spec,
        payload: { genres: ['Drama'], mediums: ['book'], budgetMin: '10000', budgetMax: '90000' },
      };
    case 'POST /api/saved-searches':
      return {
        ...spec,
        payload: { name: 'Matrix search', query: { search: 'lighthouse' }, frequency: 'daily' },
      };
    case 'PATCH /api/saved-searches/{id}':
      return { ...spec, payload: { frequency: 'weekly' } };
    case 'GET /api/listings/by-meaning':
      return { ...spec, url: '/api/listings/by-meaning?meaning=a%20family%20drama' };
    case 'POST /api/tracking/activity':
      return { ...spec, payload: { listingId: Number(object), activityType: 'view' } };
    case 'POST /api/admin/upload-ip-images': {
      const png = await sharp({
        create: { width: 20, height: 30, channels: 3, background: '#663399' },
      })
        .png()
        .toBuffer();
      const csv = multipartBody(
        'covers.csv',
        Buffer.from('title,author,image_file,image_type\nNo Such Title,Nobody,cover.png,cover\n'),
        { field: 'csv', contentType: 'text/csv' },
      );
      // A second part (the image) spliced in before the closing boundary.
      const image = Buffer.concat([
        Buffer.from(
          `--${csv.boundary}\r\nContent-Disposition: form-data; name="images"; filename="cover.png"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        ),
        png,
        Buffer.from('\r\n'),
      ]);
      const closing = Buffer.from(`--${csv.boundary}--\r\n`);
      const head = csv.payload.subarray(0, csv.payload.length - closing.length);
      return { ...spec, payload: Buffer.concat([head, image, closing]), headers: csv.headers };
    }
    case 'POST /api/listings/images': {
      const png = await sharp({
        create: { width: 40, height: 60, channels: 3, background: '#336699' },
      })
        .png()
        .toBuffer();
      const { payload, headers } = multipartBody('cover.png', png, { field: 'image' });
      return { ...spec, payload, headers };
    }
    case 'POST /api/forum/posts':
    case 'PUT /api/forum/posts/{id}':
      return {
        ...spec,
        payload: { title: 'Matrix discussion', content: 'Text', category: 'legal', tags: ['x'] },
      };
    case 'POST /api/forum/posts/{id}/replies':
    case 'PUT /api/forum/replies/{id}':
      return { ...spec, payload: { content: 'A matrix reply' } };
    case 'POST /api/forum/posts/{id}/accepted-reply':
      return { ...spec, payload: { replyId: null } };
    case 'POST /api/forum/posts/{id}/sticky':
      return { ...spec, payload: { isSticky: true } };
    case 'POST /api/forum/posts/{id}/lock':
      return { ...spec, payload: { isLocked: true } };
    case 'POST /api/forum/like':
      return { ...spec, payload: { postId: Number(object) } };
    case 'POST /api/forum/reports':
      return { ...spec, payload: { postId: Number(object), reason: 'Matrix report' } };
    case 'POST /api/listings/{id}/comments':
    case 'PUT /api/comments/{id}':
      return { ...spec, payload: { content: 'A matrix comment' } };
    case 'POST /api/comments/{id}/report':
      return { ...spec, payload: { reason: 'Matrix report' } };
    case 'POST /api/admin/chain-of-title/listings/{listingId}/documents':
      return { ...spec, ...chainDocumentUpload() };
    case 'POST /api/uploads/deck': {
      const { payload, headers } = multipartBody('proposal.pdf', PDF_BYTES);
      return { ...spec, payload, headers };
    }
    case 'POST /api/agreements/verify': {
      const { payload, headers } = multipartBody('agreement.pdf', PDF_BYTES);
      return { ...spec, payload, headers };
    }
    case 'POST /api/offers': {
      const producer = actor.user ? actor : world.actors.freeProducer;
      const listing = await world.newListing(world.actors.agent);
      return {
        ...spec,
        payload: {
          listingId: listing.id,
          offerPrice: '25000',
          optionPeriod: 18,
          deckFileUrl: await world.deckFor(producer),
          // The part of the listing's rights it covers (issue 29), territory in any case.
          media: ['film'],
          territories: ['uk'],
        },
      };
    }
    case 'POST /api/listings':
    case 'PUT /api/listings/{id}':
      return { ...spec, payload: MATRIX_LISTING_FORM };
    case 'PATCH /api/offers/{id}/cancel':
      return { ...spec, payload: { cancellationReason: 'Our budget changed' } };
    case 'PATCH /api/offers/{id}/reject':
      return { ...spec, payload: { reason: 'The rights are already under discussion' } };
    case 'POST /api/offers/{id}/counter':
      return { ...spec, payload: { offerPrice: '55000', optionPeriod: 24 } };
    case 'POST /api/offers/{id}/agreement/sign':
      return { ...spec, payload: { fullName: 'Alex Example', consent: true } };
    case 'POST /api/deals/listings/{listingId}/questions':
    case 'POST /api/deals/threads/{id}/messages':
      return { ...spec, payload: { body: 'Are the audio rights available?' } };
    case 'POST /api/deals/threads/{id}/mute':
      return { ...spec, payload: { muted: true } };
    case 'POST /api/vetting/application':
      return { ...spec, payload: VETTING_APPLICATION };
    case 'PUT /api/vetting/listings/{listingId}/offer-policy':
      return { ...spec, payload: { verifiedOnly: true } };
    case 'POST /api/admin/options/{id}/bank-transfer':
      return { ...spec, payload: { reference: 'BACS 12345' } };
    case 'POST /api/admin/producer-applications/{id}/decision':
      return { ...spec, payload: { status: 'approved' } };
    case 'POST /api/mandates':
      return { ...spec, payload: MATRIX_MANDATE };
    case 'POST /api/mandates/{id}/pitches':
      return { ...spec, payload: { listingId: world.listings.ofAgent.id, message: 'It fits' } };
    case 'POST /api/mandates/pitches/{id}/answer':
      return { ...spec, payload: { message: 'Tell me more' } };
    case 'PUT /api/mandates/mutes/{agentId}':
      return { ...spec, payload: { muted: true } };
    case 'GET /api/analytics/agent/{agentId}/listings/{listingId}/viewers': {
      const listing =
        object === String(world.actors.otherAgent.user?.id)
          ? world.listings.ofOtherAgent
          : world.listings.ofAgent;
      return {
        ...spec,
        url: `/api/analytics/agent/${object}/listings/${listing.id}/viewers`,
      };
    }
    case 'POST /api/payments/local/confirm':
      return { ...spec, payload: { clientSecret: object, ...card } };
    case 'POST /api/google-books/apply-enrichment/{listingId}':
      return { ...spec, payload: { updatePageCount: true, addMetadata: true } };
    case 'POST /api/google-books/batch-enrich':
      return { ...spec, payload: { listingIds: [world.listings.ofAgent.id], autoApply: false } };
    case 'POST /api/admin/enrich-youtube':
    case 'POST /api/admin/enrich-twitter':
      return { ...spec, payload: { batchSize: 5 } };
    case 'POST /api/payments/stripe/webhook':
      return { ...spec, payload: '{}', headers: { 'content-type': 'application/json' } };
    default:
      return spec;
  }
}

function cellsOf(row: Pick<MatrixRow, 'cells'>): CellRequest[] {
  return ROLES.flatMap((role): CellRequest[] => {
    const cell: Cell = row.cells[role];
    if (typeof cell === 'number') return [{ role, variant: null, expected: cell }];
    return [
      { role, variant: 'own', expected: cell.own },
      { role, variant: 'other', expected: cell.other },
    ];
  });
}

describe('[SECURITY] authorisation matrix', () => {
  it.each(AUTHORIZATION_MATRIX.map((row) => [row.route, row] as const))(
    '%s',
    async (_route, row) => {
      const wrong: string[] = [];
      for (const cell of cellsOf(row)) {
        const actor =
          row.fresh === 'actor' || row.fresh === 'both'
            ? await world.freshActor(cell.role)
            : world.actors[cell.role];
        const object = row.object ? await objectFor(row.object, row, cell, actor) : null;
        const response = await world.send(actor, await requestFor(row, actor, object));
        const who = `${cell.role}${cell.variant ? ` (${cell.variant})` : ''}`;
        if (response.statusCode !== cell.expected) {
          wrong.push(
            `${who}: expected ${cell.expected}, got ${response.statusCode} ${response.body.slice(0, 160)}`,
          );
        } else if (response.statusCode >= 400) {
          const body = response.json() as { message?: unknown; code?: unknown };
          if (typeof body.message !== 'string' || typeof body.code !== 'string') {
            wrong.push(`${who}: ${response.statusCode} without the error body`);
          }
        }
      }
      expect(wrong).toEqual([]);
    },
  );
});

describe('[SECURITY] every route is in the authorisation matrix', () => {
  it('has a row for every route the app serves, and none for a route it does not', async () => {
    const routes = appRoutes(t.app);
    const document = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    // The router listing must at least hold every documented operation (else its parser broke).
    expect(routes).toEqual(
      expect.arrayContaining(operationsOf(document.json()).map((op) => op.key)),
    );
    const rows = AUTHORIZATION_MATRIX.map((row) => row.route);
    expect(
      rows.filter((route, index) => rows.indexOf(route) !== index),
      'duplicate rows',
    ).toEqual([]);
    expect(
      routes.filter((route) => !rows.includes(route)),
      'routes without a row in tests/security/authorization-matrix.ts',
    ).toEqual([]);
    expect(
      rows.filter((route) => !routes.includes(route)),
      'rows for routes that do not exist',
    ).toEqual([]);
  });
});

/**
 * Whether a route takes a listing id: a path, query or top-level body field named listingId
 * (or listingIds), a path under /listings/{id}, or a matrix row whose object is a listing.
 */
function takesListingId(route: string, operation: Operation | undefined): boolean {
  const row = AUTHORIZATION_MATRIX.find((candidate) => candidate.route === route);
  if (row?.object === 'listing' || row?.object === 'agentListing') return true;
  if (/\/listings\/\{\w+\}/.test(route)) return true;
  if (!operation) return false;
  const names = [
    ...operation.parameters.map((parameter) => parameter.name),
    ...Object.keys(operation.body?.properties ?? {}),
  ];
  return names.some((name) => name === 'listingId' || name === 'listingIds');
}

/** Whose listing a listing-kind cell gets (the key in authorization-matrix.ts). */
function kindOwner(role: MatrixRole, variant: Variant | null, actor: Actor): Actor {
  if (!AGENTS.includes(role)) return world.actors.agent;
  return variant === 'own' ? actor : otherAgentOf(role);
}

/** The request of the route's main row, aimed at this listing. */
async function kindRequest(
  route: string,
  actor: Actor,
  listing: { id: number; agentId: number | null },
): Promise<RequestSpec> {
  const row = AUTHORIZATION_MATRIX.find((candidate) => candidate.route === route);
  if (!row) throw new Error(`no main row for ${route}`);
  const id = String(listing.id);
  const spec = await requestFor(row, actor, id);
  const payload = spec.payload as Record<string, unknown> | undefined;
  switch (route) {
    case 'POST /api/offers':
      return { ...spec, payload: { ...payload, listingId: listing.id } };
    case 'POST /api/google-books/batch-enrich':
      return { ...spec, payload: { ...payload, listingIds: [listing.id] } };
    case 'GET /api/admin/comments':
      return { ...spec, url: `/api/admin/comments?listingId=${id}` };
    case 'GET /api/analytics/agent/{agentId}/listings/{listingId}/viewers':
      return { ...spec, url: `/api/analytics/agent/${listing.agentId}/listings/${id}/viewers` };
    default:
      return spec;
  }
}

describe('[SECURITY] listing kinds: no listing off the market leaks through any route', () => {
  it.each(
    LISTING_KIND_MATRIX.flatMap((row) =>
      LISTING_KINDS.map((kind) => [row.route, kind, row] as const),
    ),
  )('%s on a %s listing', async (route, kind: ListingKind, row) => {
    const main = AUTHORIZATION_MATRIX.find((candidate) => candidate.route === route);
    const wrong: string[] = [];
    for (const cell of cellsOf({ cells: row.kinds[kind] })) {
      const actor =
        main?.fresh === 'actor' || main?.fresh === 'both'
          ? await world.freshActor(cell.role)
          : world.actors[cell.role];
      const listing = await world.listingOfKind(kind, kindOwner(cell.role, cell.variant, actor));
      const response = await world.send(actor, await kindRequest(route, actor, listing));
      const who = `${cell.role}${cell.variant ? ` (${cell.variant})` : ''}`;
      if (response.statusCode !== cell.expected) {
        wrong.push(
          `${who}: expected ${cell.expected}, got ${response.statusCode} ${response.body.slice(0, 160)}`,
        );
      }
      // The listing's words never reach someone it is hidden from.
      if (response.statusCode >= 400 && response.body.includes(listing.title)) {
        wrong.push(`${who}: ${response.statusCode} names the listing`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has listing-kind rows for every route that takes a listing id, and only for those', async () => {
    const document = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const operations = new Map(operationsOf(document.json()).map((op) => [op.key, op]));
    const routes = appRoutes(t.app);
    const taking = routes.filter((route) => takesListingId(route, operations.get(route)));
    const rows = LISTING_KIND_MATRIX.map((row) => row.route);
    expect(
      taking.filter((route) => !rows.includes(route)),
      'routes that take a listing id without listing-kind rows in tests/security/authorization-matrix.ts',
    ).toEqual([]);
    expect(
      rows.filter((route) => !taking.includes(route)),
      'listing-kind rows for routes that take no listing id',
    ).toEqual([]);
  });
});

describe('[SECURITY] anonymous mandates name no one in any answer (issue 35)', () => {
  it('no role reads the producer of an anonymous mandate until they answer a pitch', async () => {
    const user = await createUser(t.db, {
      role: 'producer',
      membershipTier: 'premium',
      firstName: 'Zanzibar',
      lastName: 'Quillfeather',
      companyName: 'Quill Pictures',
    });
    const producer = { role: 'premiumProducer' as const, user, cookie: await signIn(t, user.id) };
    const posted = await world.send(producer, {
      method: 'POST',
      url: '/api/mandates',
      payload: MATRIX_MANDATE,
    });
    expect(posted.statusCode).toBe(201);
    const mandateId = (posted.json() as { id: number }).id;
    // A listing of the agent's that fits (book, film rights): the agent pitches it, unanswered.
    const fitting = await insertListing(t.db, {
      agentId: world.actors.agent.user?.id,
      medium: 'book',
      rightsAvailable: ['film'],
    });
    const pitched = await world.send(world.actors.agent, {
      method: 'POST',
      url: `/api/mandates/${mandateId}/pitches`,
      payload: { listingId: fitting.id, message: 'It fits' },
    });
    expect(pitched.statusCode).toBe(201);
    const reads = [
      '/api/mandates',
      '/api/mandates?search=drama',
      `/api/mandates/${mandateId}`,
      '/api/mandates/matches',
      '/api/mandates/pitches/sent',
      `/api/mandates/${mandateId}/pitches`,
      `/api/mandates/${mandateId}/listings`,
    ];
    const leaks: string[] = [];
    for (const role of ROLES) {
      if (role === 'signedOut') continue;
      for (const url of reads) {
        const response = await world.send(world.actors[role], { method: 'GET', url });
        const body = response.body;
        if (
          body.includes(user.email) ||
          body.includes('Zanzibar') ||
          body.includes('Quill Pictures') ||
          new RegExp(`"producerId":${user.id}\\b`).test(body)
        ) {
          leaks.push(`${role} GET ${url}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });
});
