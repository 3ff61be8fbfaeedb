import { and, inArray, isNotNull } from 'drizzle-orm';
import { AGENT_VISIBLE_ROW_STATUSES } from '../offers.constants';
import { offers } from './offers.tables';

/**
 * SQL: the offer reached the listing's agent, i.e. its card hold was authorised at least once.
 * Status alone is not enough: an offer still awaiting payment when another offer on the
 * listing was accepted is closed as rejected, yet the agent never had it.
 */
export const offerReachedAgent = and(
  inArray(offers.status, [...AGENT_VISIBLE_ROW_STATUSES]),
  isNotNull(offers.submittedAt),
);
