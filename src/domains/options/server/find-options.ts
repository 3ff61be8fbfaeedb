import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { users } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import { rightsGrantCells, rightsGrants } from '@/domains/rights/server/rights.tables';
import type { Executor } from '@/server/db/client';
import { notFound } from '@/shared/errors';
import { OPTION_MESSAGES } from '../options.constants';
import type { Option } from '../options.schema';
import { optionPayments, options } from './options.tables';
import { toOption, type OptionViewInput } from './option-view';

const nameOf = (user: { firstName: string | null; lastName: string | null }) =>
  `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim();

/** Options with what their view needs (grant state, listing, producer, cells, payments). */
export async function findOptionViews(db: Executor, where: SQL | undefined) {
  const rows = await db
    .select({
      option: options,
      grantStatus: rightsGrants.status,
      listingTitle: listings.title,
      agentId: listings.agentId,
      producerFirstName: users.firstName,
      producerLastName: users.lastName,
    })
    .from(options)
    .innerJoin(rightsGrants, eq(rightsGrants.id, options.grantId))
    .innerJoin(listings, eq(listings.id, options.listingId))
    .leftJoin(users, eq(users.id, options.producerId))
    .where(where)
    .orderBy(asc(options.endsAt), asc(options.id));
  if (rows.length === 0) return [];
  const optionIds = rows.map((row) => row.option.id);
  const [cells, payments] = await Promise.all([
    db
      .select({
        grantId: rightsGrantCells.grantId,
        media: rightsGrantCells.media,
        territory: rightsGrantCells.territory,
      })
      .from(rightsGrantCells)
      .where(
        inArray(
          rightsGrantCells.grantId,
          rows.map((row) => row.option.grantId),
        ),
      )
      .orderBy(asc(rightsGrantCells.media), asc(rightsGrantCells.territoryKey)),
    db
      .select()
      .from(optionPayments)
      .where(inArray(optionPayments.optionId, optionIds))
      .orderBy(asc(optionPayments.id)),
  ]);
  return rows.map((row) => ({
    agentId: row.agentId,
    view: {
      option: row.option,
      grantStatus: row.grantStatus,
      listingTitle: row.listingTitle,
      producerName: nameOf({ firstName: row.producerFirstName, lastName: row.producerLastName }),
      cells: cells.filter((cell) => cell.grantId === row.option.grantId),
      payments: payments.filter((payment) => payment.optionId === row.option.id),
    } satisfies OptionViewInput,
  }));
}

/** Who may see an option: its producer, the listing's agent, admins. */
export interface OptionViewer {
  id: number;
  role: string;
}

/**
 * The options a dashboard lists (issue 34): the producer's own, or those on the agent's
 * listings; admins see every one. Live (and exercising) first by days left, then the rest.
 */
export async function findOptionsFor(
  db: Executor,
  viewer: OptionViewer,
  now: Date,
): Promise<Option[]> {
  const where =
    viewer.role === 'admin'
      ? undefined
      : viewer.role === 'agent'
        ? eq(listings.agentId, viewer.id)
        : eq(options.producerId, viewer.id);
  const views = await findOptionViews(db, where);
  const all = views.map(({ view }) => toOption(view, now));
  const running = (option: Option) => option.state === 'live' || option.state === 'exercising';
  return [...all.filter(running), ...all.filter((option) => !running(option))];
}

/** One option for someone allowed to see it, or 404 (another's option is not theirs to know). */
export async function getOptionFor(
  db: Executor,
  viewer: OptionViewer,
  optionId: number,
  now: Date,
): Promise<{ option: Option; view: OptionViewInput; agentId: number | null }> {
  const [found] = await findOptionViews(db, and(eq(options.id, optionId)));
  const allowed =
    found &&
    (viewer.role === 'admin' ||
      found.view.option.producerId === viewer.id ||
      found.agentId === viewer.id);
  if (!found || !allowed) throw notFound(OPTION_MESSAGES.notFound);
  return { option: toOption(found.view, now), view: found.view, agentId: found.agentId };
}
