import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { applyListingEnrichment } from '@/domains/listings/server';
import { AppError } from '@/shared/errors';
import {
  ENRICHMENT_SOURCES,
  REQUEST_DELAY_MS,
  type EnrichmentSource,
} from '../enrichment.constants';
import type { EnrichmentDeps } from './enrichment-deps';
import { enrichListing, type ListingOutcome } from './enrich-listing';
import { NotConfiguredError } from './enrichment-services';
import { enrichmentResults, enrichmentRuns } from './enrichment.tables';
import { findListingForEnrichment } from './load-listing-for-enrichment';
import { EnrichmentServiceError } from './service-error';

/** A claim lasts this long and is renewed after every listing; a dead instance's lapses. */
export const RUN_LEASE_MS = 2 * 60 * 1000;

export interface ProcessRunsOptions {
  /** Waits between requests (tests pass a recorder that does not wait). */
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
  delays?: Partial<Record<EnrichmentSource, number>>;
  leaseMs?: number;
  /** Stop after this many runs (the job's time budget); default 10. */
  maxRuns?: number;
  /**
   * The app is shutting down: the run in hand goes back to the queue (its recorded results
   * kept) between two listings, for this or another instance to take up at once.
   */
  shouldStop?: () => boolean;
}

export type RunOutcome = 'done' | 'waiting_quota' | 'failed' | 'lost_claim' | 'requeued';

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

class LostClaim extends Error {}

/**
 * The enrichment job: claims runs one at a time (FOR UPDATE SKIP LOCKED, so several instances
 * share the work) — queued ones, those whose quota has reset, and running ones whose claim
 * lapsed (an instance died) — and works through each. Answers what became of each run.
 */
export async function processEnrichmentRuns(
  deps: EnrichmentDeps,
  options: ProcessRunsOptions = {},
): Promise<{ runId: number; outcome: RunOutcome }[]> {
  const now = options.now ?? (() => new Date());
  const outcomes: { runId: number; outcome: RunOutcome }[] = [];
  const configured = ENRICHMENT_SOURCES.filter((source) => deps.services[source] !== null);
  if (configured.length === 0) return outcomes;
  for (let i = 0; i < (options.maxRuns ?? 10); i += 1) {
    if (options.shouldStop?.()) break;
    const run = await claimRun(deps, configured, now(), options.leaseMs ?? RUN_LEASE_MS);
    if (!run) break;
    outcomes.push({ runId: run.id, outcome: await processRun(deps, run, options) });
  }
  return outcomes;
}

type RunRow = typeof enrichmentRuns.$inferSelect;

async function claimRun(
  deps: EnrichmentDeps,
  sources: readonly EnrichmentSource[],
  now: Date,
  leaseMs: number,
): Promise<RunRow | null> {
  return deps.db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: enrichmentRuns.id })
      .from(enrichmentRuns)
      .where(
        and(
          inArray(enrichmentRuns.source, [...sources]),
          or(
            eq(enrichmentRuns.status, 'queued'),
            and(eq(enrichmentRuns.status, 'waiting_quota'), lte(enrichmentRuns.resumeAt, now)),
            and(
              eq(enrichmentRuns.status, 'running'),
              or(isNull(enrichmentRuns.lockedUntil), lt(enrichmentRuns.lockedUntil, now)),
            ),
          ),
        ),
      )
      .orderBy(asc(enrichmentRuns.createdAt), asc(enrichmentRuns.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    const [run] = await tx
      .update(enrichmentRuns)
      .set({
        status: 'running',
        lockedUntil: new Date(now.getTime() + leaseMs),
        resumeAt: null,
        startedAt: sql`coalesce(${enrichmentRuns.startedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(enrichmentRuns.id, due.id))
      .returning();
    return run;
  });
}

async function processRun(
  deps: EnrichmentDeps,
  run: RunRow,
  options: ProcessRunsOptions,
): Promise<RunOutcome> {
  const source = run.source as EnrichmentSource;
  const sleep = options.sleep ?? realSleep;
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? RUN_LEASE_MS;
  const delay = options.delays?.[source] ?? REQUEST_DELAY_MS[source];
  let lock = run.lockedUntil as Date;
  let isFirstRequest = true;
  const pace = async () => {
    if (!isFirstRequest) await sleep(delay);
    isFirstRequest = false;
  };

  // What an earlier attempt recorded stays: resumption skips those listings.
  const recorded = await deps.db
    .select({ listingId: enrichmentResults.listingId })
    .from(enrichmentResults)
    .where(eq(enrichmentResults.runId, run.id));
  const done = new Set(recorded.map((row) => row.listingId));

  const settle = async (values: Partial<RunRow>) => {
    await deps.db
      .update(enrichmentRuns)
      .set({ lockedUntil: null, ...values })
      .where(and(eq(enrichmentRuns.id, run.id), eq(enrichmentRuns.lockedUntil, lock)));
  };

  for (const listingId of run.listingIds) {
    if (done.has(listingId)) continue;
    if (options.shouldStop?.()) {
      await settle({ status: 'queued' });
      return 'requeued';
    }
    const listing = await findListingForEnrichment(deps.db, listingId);
    if (!listing) {
      // Deleted since the run began: it leaves the batch.
      await deps.db
        .update(enrichmentRuns)
        .set({ total: sql`greatest(${enrichmentRuns.total} - 1, 0)` })
        .where(eq(enrichmentRuns.id, run.id));
      continue;
    }
    let outcome: ListingOutcome;
    try {
      outcome = await enrichListing(deps, source, listing, {
        pace,
        autoApply: run.autoApply,
        now: now(),
      });
    } catch (error) {
      if (error instanceof EnrichmentServiceError && error.kind === 'quota') {
        // Nothing recorded for this listing: it is looked up again when the quota resets.
        await settle({
          status: 'waiting_quota',
          resumeAt: error.resetAt ?? new Date(now().getTime() + 15 * 60 * 1000),
          lastError: error.message,
        });
        deps.log.warn({ runId: run.id, resumeAt: error.resetAt }, 'enrichment waits for quota');
        return 'waiting_quota';
      }
      const isFatal =
        (error instanceof EnrichmentServiceError && error.kind === 'bad_key') ||
        error instanceof NotConfiguredError;
      if (isFatal) {
        await settle({ status: 'failed', lastError: (error as Error).message, finishedAt: now() });
        deps.log.error({ runId: run.id, err: error }, 'enrichment run failed');
        return 'failed';
      }
      if (!(error instanceof EnrichmentServiceError) && !(error instanceof AppError)) {
        deps.log.error({ err: error, runId: run.id, listingId }, 'enrichment of a listing failed');
      }
      outcome = {
        status: 'error',
        message:
          error instanceof EnrichmentServiceError || error instanceof AppError
            ? error.message
            : 'Unexpected error',
        data: null,
        write:
          source === 'google_books'
            ? async (tx) =>
                (await applyListingEnrichment(tx, listingId, { enrichmentStatus: 'error' }))
                  .afterCommit
            : undefined,
      };
    }
    const nextLock = new Date(now().getTime() + leaseMs);
    try {
      const afterCommit = await deps.db.transaction(async (tx) => {
        // Renewing the claim is the check that no other instance took the run over.
        const [kept] = await tx
          .update(enrichmentRuns)
          .set({
            processed: sql`${enrichmentRuns.processed} + 1`,
            failed: sql`${enrichmentRuns.failed} + ${outcome.status === 'error' ? 1 : 0}`,
            lockedUntil: nextLock,
            ...(outcome.status === 'error' ? { lastError: outcome.message } : {}),
          })
          .where(and(eq(enrichmentRuns.id, run.id), eq(enrichmentRuns.lockedUntil, lock)))
          .returning({ id: enrichmentRuns.id });
        if (!kept) throw new LostClaim();
        await tx.insert(enrichmentResults).values({
          runId: run.id,
          listingId,
          source,
          status: outcome.status,
          message: outcome.message,
          data: outcome.data,
        });
        return outcome.write ? await outcome.write(tx) : () => {};
      });
      afterCommit();
      lock = nextLock;
    } catch (error) {
      if (error instanceof LostClaim) return 'lost_claim';
      throw error;
    }
  }
  await settle({ status: 'done', finishedAt: now() });
  return 'done';
}
