import type { UserRow } from '@/domains/accounts/server';
import { effectiveTier } from '@/domains/membership/membership.rules';
import { getEmbedder } from '@/domains/recommendations/server';
import type { AppDeps } from '@/server/deps';
import { AppError, forbidden, validation } from '@/shared/errors';
import { MANDATE_MESSAGES, type Mandate, type MandateBody } from '../mandates.schema';
import { mandateText } from './mandate-fit';
import { mandates } from './mandates.tables';
import { presentMandates } from './present-mandates';

const YEAR_MS = 366 * 24 * 60 * 60 * 1000;

/** Mandates are a premium producer's (issue 35): others are told why, as other premium gates do. */
export function requireMandateProducer(user: UserRow, now = new Date()): void {
  if (user.role !== 'producer') throw forbidden(MANDATE_MESSAGES.producersOnly);
  if (effectiveTier(user, now) !== 'premium') {
    throw new AppError('UPGRADE_REQUIRED', 'Posting mandates is a Premium feature', {
      extra: { upgradeRequired: true },
    });
  }
}

/**
 * POST /api/mandates: a premium producer says what they are looking for. The description is
 * embedded at once by the recommendations room's model, so matching ranks by meaning from the
 * first request; if the model fails the mandate is still posted and ranks by its fields.
 */
export async function createMandate(
  deps: Pick<AppDeps, 'db' | 'config' | 'log'>,
  user: UserRow,
  body: MandateBody,
  now = new Date(),
): Promise<Mandate> {
  requireMandateProducer(user, now);
  const today = now.toISOString().slice(0, 10);
  if (body.openUntil <= today) {
    throw validation(MANDATE_MESSAGES.openUntilPast, { openUntil: MANDATE_MESSAGES.openUntilPast });
  }
  if (Date.parse(body.openUntil) - now.getTime() > YEAR_MS) {
    throw validation(MANDATE_MESSAGES.openUntilFar, { openUntil: MANDATE_MESSAGES.openUntilFar });
  }
  let embedding: number[] | null = null;
  let embeddingModel: string | null = null;
  try {
    const embedder = getEmbedder(deps.config);
    [embedding] = await embedder.embed([mandateText(body)]);
    embeddingModel = embedder.model;
  } catch (error) {
    deps.log.warn({ err: error }, 'mandate not embedded: it ranks by its fields only');
  }
  const [row] = await deps.db
    .insert(mandates)
    .values({
      producerId: user.id,
      media: body.media,
      genres: body.genres,
      budgetMin: body.budgetMin,
      budgetMax: body.budgetMax,
      rights: body.rights,
      territories: body.territories,
      description: body.description,
      anonymous: body.anonymous,
      anonymousLabel: body.anonymous ? (body.anonymousLabel ?? null) : null,
      openUntil: body.openUntil,
      embedding,
      embeddingModel,
    })
    .returning();
  const [mandate] = await presentMandates(deps.db, [row], user);
  return mandate;
}
