import { eq, inArray } from 'drizzle-orm';
import { users } from '@/domains/accounts/server/accounts.tables';
import { fileChainNotice } from '@/domains/chain-of-title/server';
import { listings } from '@/domains/listings/server/listings.tables';
import { notify } from '@/domains/notifications/server';
import type { AppDeps } from '@/server/deps';
import type { Executor, Transaction } from '@/server/db/client';
import { render } from '@/server/mail/templates';
import { paths } from '@/shared/paths';
import type { RightsCell } from '../rights.constants';
import { describePart } from '../rights.rules';
import { findGrantCells } from './change-grant';
import { producerNameOf } from './load-avails-facts';
import { rightsGrants, type RightsGrantRow } from './rights.tables';

export interface ReversionNotice {
  grantId: number;
  /** The queued emails, sent after the commit. */
  mailIds: number[];
}

/** The chain-of-title record of a grant's lapse: one per grant, by this source key. */
export const REVERSION_SOURCE_PREFIX = 'rights-lapse:';
export const reversionSourceKey = (grantId: number) => `${REVERSION_SOURCE_PREFIX}${grantId}`;

const dateOf = (at: Date) => at.toISOString().slice(0, 10);

/** What the messages and the record say about a grant: its listing, part and parties. */
async function reversionFacts(db: Executor, grant: RightsGrantRow) {
  const [listing] = await db
    .select({ id: listings.id, title: listings.title, agentId: listings.agentId })
    .from(listings)
    .where(eq(listings.id, grant.listingId));
  const ids = [listing?.agentId, grant.producerId].filter((id): id is number => id != null);
  const people = ids.length
    ? await db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          companyName: users.companyName,
        })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const cells: RightsCell[] = (await findGrantCells(db, grant.id)).map((cell) => ({
    media: cell.media,
    territory: cell.territory,
  }));
  return {
    listing,
    agent: people.find((person) => person.id === listing?.agentId) ?? null,
    producer: people.find((person) => person.id === grant.producerId) ?? null,
    part: describePart(cells),
  };
}

/**
 * In the lapse's transaction: the listing's agent and the producer get a bell and an email
 * ("Your option on <title> (Film in UK) has ended; the rights are available again"), queued in
 * the outbox so they exist exactly when the lapse commits, and once.
 */
export async function announceReversion(
  deps: Pick<AppDeps, 'mailer' | 'config'>,
  tx: Transaction,
  grant: RightsGrantRow,
): Promise<ReversionNotice> {
  const { listing, agent, producer, part } = await reversionFacts(tx, grant);
  const notice: ReversionNotice = { grantId: grant.id, mailIds: [] };
  if (!listing) return notice;
  const title = listing.title;
  const publicUrl = deps.config.publicUrl;
  const messages = [
    producer && {
      person: producer,
      headline: `Your option on ${title} (${part}) has ended; the rights are available again`,
      url: paths.listing(listing.id),
      label: 'View the listing',
    },
    agent && {
      person: agent,
      headline: `The option${producer ? ` held by ${producerNameOf(producer)}` : ''} on ${title} (${part}) has ended; the rights are available again`,
      url: paths.agentDashboard,
      label: 'Open your dashboard',
    },
  ].filter((message) => message !== null);
  await notify(
    tx,
    messages.map((message) => ({
      userId: message.person.id,
      kind: 'rights_reverted',
      title: message.headline,
      url: message.url,
    })),
  );
  for (const message of messages) {
    const content = render({
      publicUrl,
      subject: `Option ended: ${title}`,
      greetingName: message.person.firstName,
      paragraphs: [
        `${message.headline}.`,
        'Producers may make offers on these rights again from today.',
      ],
      action: { label: message.label, url: `${publicUrl}${message.url}` },
    });
    notice.mailIds.push(await deps.mailer.enqueue(tx, { to: message.person.email, ...content }));
  }
  return notice;
}

/**
 * After the commit: the chain of title records the lapse, once per grant (filing the same
 * source again answers the first record). Throws what filing throws.
 */
export async function fileReversionRecord(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  grantId: number,
): Promise<void> {
  const [grant] = await deps.db.select().from(rightsGrants).where(eq(rightsGrants.id, grantId));
  if (!grant || grant.status !== 'lapsed') return;
  const { listing, agent, producer, part } = await reversionFacts(deps.db, grant);
  if (!listing) return;
  const lapsedOn = dateOf(grant.lapsedAt ?? grant.endsAt ?? new Date());
  const producerName = producer ? producerNameOf(producer) : null;
  await fileChainNotice(deps, {
    listingId: listing.id,
    sourceKey: reversionSourceKey(grant.id),
    documentType: 'option_lapse',
    title: `Option lapsed: ${listing.title}`.slice(0, 200),
    parties: [
      ...(agent ? [`${producerNameOf(agent)} (agent)`] : []),
      ...(producerName ? [`${producerName} (option holder)`] : []),
      'PageToScreen (record)',
    ],
    effectiveDate: lapsedOn,
    paragraphs: [
      `The option on "${listing.title}" (${part}) granted on ${dateOf(grant.startsAt)}${
        grant.offerId ? ` by the acceptance of offer ${grant.offerId}` : ''
      } ended on ${lapsedOn} without being exercised.`,
      'Its rights reverted to the rights holder and are available again.',
    ],
  });
}
