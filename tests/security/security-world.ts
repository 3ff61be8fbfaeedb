import { Readable } from 'node:stream';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { users, type UserRow } from '@/domains/accounts/server/accounts.tables';
import { chainOfTitleDocuments } from '@/domains/chain-of-title/server/chain-of-title.tables';
import { comments } from '@/domains/comments/server/comments.tables';
import { forumPosts, forumReplies, forumReports } from '@/domains/forum/server/forum.tables';
import type { ListingRow } from '@/domains/listings/server/listings.tables';
import type { CreateOfferResponse, Offer } from '@/domains/offers/offers.schema';
import type { UpgradeResponse } from '@/domains/membership/membership.schema';
import { TEST_CARDS } from '@/domains/payments/payments.constants';
import { insertListing } from '../helpers/fixtures/listings';
import { insertDeck, nextClientAddress, PDF_BYTES } from '../helpers/fixtures/offers';
import { createUser, signIn, type TestApp } from '../helpers/test-app';

/**
 * The people and objects the security suite acts with (issue 10): the seven roles of the
 * authorisation matrix, listings of two agents, offers of two producers, decks and a checkout
 * session. Objects are made through the API where the API makes them (offers, payments,
 * checkouts), so they are in the states real use leaves them in.
 */
export const ROLES = [
  'signedOut',
  'freeProducer',
  'premiumProducer',
  'otherProducer',
  'agent',
  'otherAgent',
  'admin',
] as const;
export type MatrixRole = (typeof ROLES)[number];

export interface Actor {
  role: MatrixRole;
  user: UserRow | null;
  /** Cookie header of the actor's session; undefined when signed out. */
  cookie?: string;
}

type Profile = Parameters<typeof createUser>[1];

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** What a user of each role looks like in the database. */
function profileOf(role: MatrixRole): Profile | null {
  switch (role) {
    case 'signedOut':
      return null;
    case 'freeProducer':
    case 'otherProducer':
      return { role: 'producer', membershipTier: 'free' };
    case 'premiumProducer':
      return {
        role: 'producer',
        membershipTier: 'premium',
        premiumExpiresAt: new Date(Date.now() + YEAR_MS),
      };
    case 'agent':
    case 'otherAgent':
      return { role: 'agent', agentVerificationStatus: 'approved', companyName: 'Agency' };
    case 'admin':
      return { role: 'admin' };
  }
}

export interface RequestSpec {
  method: InjectOptions['method'];
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
}

export class SecurityWorld {
  readonly actors = {} as Record<MatrixRole, Actor>;
  /** A listing of `agent` and one of `otherAgent`, for reads (never offered on). */
  listings = {} as { ofAgent: ListingRow; ofOtherAgent: ListingRow };
  /** Pending offers (card hold authorised) for reads: by each producer, on each agent's listing. */
  offers = {} as {
    freeOnAgent: Offer;
    premiumOnAgent: Offer;
    otherOnAgent: Offer;
    freeOnOtherAgent: Offer;
  };
  /** The deck of each offer above, by the offer's key. */
  decks = {} as Record<keyof SecurityWorld['offers'], string>;
  /** A checkout session of each free producer (POST /api/membership/upgrade). */
  checkouts = {} as { free: string; other: string };

  /** Every user this world made, by role profile (a later check finds anyone promoted). */
  readonly madeUsers = new Map<number, MatrixRole>();

  private constructor(readonly t: TestApp) {}

  /** Builds the world on a test app whose database was just emptied. */
  static async create(t: TestApp): Promise<SecurityWorld> {
    const world = new SecurityWorld(t);
    for (const role of ROLES) world.actors[role] = await world.freshActor(role);
    const { agent, otherAgent, freeProducer, premiumProducer, otherProducer } = world.actors;
    world.listings = {
      ofAgent: await world.newListing(agent),
      ofOtherAgent: await world.newListing(otherAgent),
    };
    const pending = async (producer: Actor, agentOfListing: Actor) => {
      const listing = await world.newListing(agentOfListing);
      return world.pendingOffer(producer, listing.id);
    };
    world.offers = {
      freeOnAgent: await pending(freeProducer, agent),
      premiumOnAgent: await pending(premiumProducer, agent),
      otherOnAgent: await pending(otherProducer, agent),
      freeOnOtherAgent: await pending(freeProducer, otherAgent),
    };
    for (const [key, offer] of Object.entries(world.offers)) {
      world.decks[key as keyof SecurityWorld['offers']] = offer.deckFileUrl ?? '';
    }
    world.checkouts = {
      free: (await world.startUpgrade(freeProducer)).subscriptionId,
      other: (await world.startUpgrade(otherProducer)).subscriptionId,
    };
    return world;
  }

  /** A new user of the role's profile with a new session (cells that use up an identity). */
  async freshActor(role: MatrixRole): Promise<Actor> {
    const profile = profileOf(role);
    if (!profile) return { role, user: null };
    const user = await createUser(this.t.db, profile);
    this.madeUsers.set(user.id, role);
    return { role, user, cookie: await signIn(this.t, user.id) };
  }

  /** The request as the actor sends it, from an address of its own (limits are per IP). */
  send(actor: Actor | undefined, spec: RequestSpec): Promise<LightMyRequestResponse> {
    return this.t.request({
      method: spec.method,
      url: spec.url,
      payload: spec.payload,
      headers: spec.headers,
      cookie: actor?.cookie,
      remoteAddress: nextClientAddress(),
    });
  }

  /** A published listing with a rights grid (issue 29: offers may name a part of it). */
  newListing(agent: Actor): Promise<ListingRow> {
    return insertListing(this.t.db, {
      agentId: agent.user?.id,
      title: 'Security suite listing',
      rightsAvailable: ['film', 'tv'],
      territory: ['UK', 'Ireland'],
    });
  }

  private suspendedAgent: UserRow | null = null;

  /** An approved agent an admin has suspended (made once): their listings are off the market. */
  async theSuspendedAgent(): Promise<UserRow> {
    if (!this.suspendedAgent) {
      const agent = await createUser(this.t.db, {
        role: 'agent',
        agentVerificationStatus: 'approved',
        companyName: 'Suspended Agency',
      });
      await this.t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, agent.id));
      this.suspendedAgent = agent;
    }
    return this.suspendedAgent;
  }

  /**
   * A new listing of a kind off the "published" one (authorization-matrix.ts, listing kinds):
   * a draft, withdrawn or optioned listing of `owner`, or a suspended agent's listing (which
   * their suspension withdrew, as hideAgentListings does).
   */
  async listingOfKind(
    kind: 'draft' | 'suspended' | 'withdrawn' | 'optioned',
    owner: Actor,
  ): Promise<ListingRow> {
    const title = `Security suite ${kind} listing`;
    if (kind === 'suspended') {
      const agent = await this.theSuspendedAgent();
      return insertListing(this.t.db, { agentId: agent.id, status: 'withdrawn', title });
    }
    return insertListing(this.t.db, { agentId: owner.user?.id, status: kind, title });
  }

  deckFor(producer: Actor): Promise<string> {
    if (!producer.user) throw new Error('a deck needs an owner');
    return insertDeck(this.t.app, producer.user.id);
  }

  /** An offer the producer has submitted but not yet paid for (awaiting payment). */
  async awaitingOffer(producer: Actor, listingId: number): Promise<CreateOfferResponse> {
    const response = await this.send(producer, {
      method: 'POST',
      url: '/api/offers',
      payload: {
        listingId,
        offerPrice: '25000',
        optionPeriod: 18,
        fundCompetition: false,
        deckFileUrl: await this.deckFor(producer),
      },
    });
    if (response.statusCode !== 201) {
      throw new Error(`offer not created: ${response.statusCode} ${response.body}`);
    }
    return response.json<CreateOfferResponse>();
  }

  /** An offer with its card hold authorised: pending, in front of the listing's agent. */
  async pendingOffer(producer: Actor, listingId: number): Promise<Offer> {
    const { offer, clientSecret } = await this.awaitingOffer(producer, listingId);
    await this.payCard(producer, clientSecret);
    return { ...offer, status: 'pending' };
  }

  /** A pending offer on a new listing of the agent (cells that change the offer). */
  async freshPendingOffer(producer: Actor, agent: Actor): Promise<Offer> {
    const listing = await this.newListing(agent);
    return this.pendingOffer(producer, listing.id);
  }

  async payCard(actor: Actor, clientSecret: string): Promise<void> {
    const response = await this.send(actor, {
      method: 'POST',
      url: '/api/payments/local/confirm',
      payload: {
        clientSecret,
        cardNumber: TEST_CARDS.success,
        expMonth: 12,
        expYear: 2040,
        cvc: '123',
      },
    });
    if (response.statusCode !== 200) {
      throw new Error(`card not accepted: ${response.statusCode} ${response.body}`);
    }
  }

  async startUpgrade(actor: Actor): Promise<UpgradeResponse> {
    const response = await this.send(actor, { method: 'POST', url: '/api/membership/upgrade' });
    if (response.statusCode !== 200) {
      throw new Error(`upgrade not started: ${response.statusCode} ${response.body}`);
    }
    return response.json<UpgradeResponse>();
  }

  /** A producer who paid for Premium through checkout (an admin may refund it). */
  async paidPremiumProducer(): Promise<Actor> {
    const actor = await this.freshActor('freeProducer');
    const checkout = await this.startUpgrade(actor);
    if (!checkout.clientSecret) throw new Error('the local provider gives a client secret');
    await this.payCard(actor, checkout.clientSecret);
    return { ...actor, role: 'premiumProducer' };
  }

  /** A comment by `author` on a new listing of `agent`; its id. */
  async commentOn(author: Actor, agent: Actor): Promise<number> {
    if (!author.user) throw new Error('a comment needs an author');
    const listing = await this.newListing(agent);
    const [comment] = await this.t.db
      .insert(comments)
      .values({
        listingId: listing.id,
        authorId: author.user.id,
        content: 'Security suite comment',
      })
      .returning({ id: comments.id });
    return comment.id;
  }

  /** A forum discussion by `author`; its id. */
  async forumPostBy(author: Actor): Promise<number> {
    if (!author.user) throw new Error('a forum post needs an author');
    const [post] = await this.t.db
      .insert(forumPosts)
      .values({
        authorId: author.user.id,
        title: 'Security suite post',
        content: 'Text',
        category: 'general',
      })
      .returning({ id: forumPosts.id });
    return post.id;
  }

  /** A forum reply by `author` on a new discussion of the agent; its id. */
  async forumReplyBy(author: Actor): Promise<number> {
    if (!author.user) throw new Error('a forum reply needs an author');
    const postId = await this.forumPostBy(this.actors.agent);
    const [reply] = await this.t.db
      .insert(forumReplies)
      .values({ postId, authorId: author.user.id, content: 'Security suite reply' })
      .returning({ id: forumReplies.id });
    return reply.id;
  }

  /** An open report of a new discussion of the agent; its id. */
  async forumReport(): Promise<number> {
    const postId = await this.forumPostBy(this.actors.agent);
    const [report] = await this.t.db
      .insert(forumReports)
      .values({ postId, reporterId: this.actors.premiumProducer.user!.id, reason: 'Matrix' })
      .returning({ id: forumReports.id });
    return report.id;
  }

  /** A chain-of-title document (its PDF stored) on a new listing of the agent; its id. */
  async chainDocumentOn(agent: Actor): Promise<number> {
    const listing = await this.newListing(agent);
    const storageKey = `chain-of-title/${listing.id}/security-${listing.id}.pdf`;
    await this.t.app.storage.put(storageKey, Readable.from([PDF_BYTES]), 'application/pdf');
    const [document] = await this.t.db
      .insert(chainOfTitleDocuments)
      .values({
        listingId: listing.id,
        documentType: 'rights_agreement',
        title: 'Security suite rights agreement',
        parties: ['Author', 'Agency'],
        effectiveDate: '2020-01-01',
        storageKey,
        originalName: 'rights.pdf',
        sizeBytes: PDF_BYTES.length,
      })
      .returning({ id: chainOfTitleDocuments.id });
    return document.id;
  }
}
