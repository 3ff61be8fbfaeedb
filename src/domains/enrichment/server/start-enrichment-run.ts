import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { recordAdminAction } from '@/domains/admin/server';
import { LISTING_NOT_FOUND, takeListingsQueuedForEnrichment } from '@/domains/listings/server';
import { listings } from '@/domains/listings/server/listings.tables';
import { conflict, forbidden, notFound } from '@/shared/errors';
import {
  ENRICHMENT_SERVICE_NAME,
  GOOGLE_BOOKS_BATCH,
  type EnrichmentSource,
} from '../enrichment.constants';
import type { StartRunResponse } from '../enrichment.schema';
import type { EnrichmentDeps } from './enrichment-deps';
import { requireService } from './enrichment-services';
import { enrichmentResults, enrichmentRuns } from './enrichment.tables';

export const ACTIVE_RUN_STATUSES = ['queued', 'running', 'waiting_quota'];
/** Result statuses that mean the listing has been looked up (a run does not take it again). */
export const LOOKED_UP_STATUSES = ['enriched', 'no_match'];

function requireAdmin(actor: UserRow) {
  if (actor.role !== 'admin') throw forbidden('Admin access required');
}

/**
 * An admin starts a video or microblogging batch: the next `batchSize` listings that have no
 * figures from that service yet become a queued run, which the job works through (answering
 * at once with processed 0). One run per service at a time: a second is a 409 while the first
 * is queued, running or waiting for its quota. Audited with the run.
 */
export async function startEnrichmentRun(
  deps: EnrichmentDeps,
  options: { admin: UserRow; source: 'youtube' | 'twitter'; batchSize: number },
): Promise<StartRunResponse> {
  const { admin, source, batchSize } = options;
  requireAdmin(admin);
  requireService(deps.services, source);
  const name = ENRICHMENT_SERVICE_NAME[source];
  return deps.db.transaction(async (tx) => {
    // Two admins pressing Run together: the second waits here, then sees the first run.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`enrichment:${source}`}))`);
    const [active] = await tx
      .select({ id: enrichmentRuns.id })
      .from(enrichmentRuns)
      .where(
        and(eq(enrichmentRuns.source, source), inArray(enrichmentRuns.status, ACTIVE_RUN_STATUSES)),
      )
      .limit(1);
    if (active) throw conflict(`A ${name} enrichment run is already in progress`);
    const rows = await tx
      .select({ id: listings.id })
      .from(listings)
      .where(
        notInArray(
          listings.id,
          tx
            .select({ id: enrichmentResults.listingId })
            .from(enrichmentResults)
            .where(
              and(
                eq(enrichmentResults.source, source),
                inArray(enrichmentResults.status, LOOKED_UP_STATUSES),
              ),
            ),
        ),
      )
      .orderBy(asc(listings.id))
      .limit(batchSize);
    if (rows.length === 0) throw conflict(`Every listing already has ${name} figures`);
    const listingIds = rows.map((row) => row.id);
    const [run] = await tx
      .insert(enrichmentRuns)
      .values({ source, batchSize, listingIds, total: listingIds.length, requestedBy: admin.id })
      .returning();
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: 'start_enrichment_run',
      targetType: 'enrichment_run',
      targetId: run.id,
      targetLabel: `${name} batch of ${listingIds.length}`,
      after: { source, batchSize, listingIds },
    });
    return { runId: run.id, status: 'queued' as const, processed: 0, total: run.total };
  });
}

/**
 * An admin's batch from the book dashboard: the chosen listings (those that still exist)
 * become a Google Books run; with autoApply, confident matches are applied, ambiguous ones
 * never.
 */
export async function startBookBatch(
  deps: EnrichmentDeps,
  options: { admin: UserRow; listingIds: number[]; autoApply: boolean },
): Promise<{ runId: number }> {
  const { admin, autoApply } = options;
  requireAdmin(admin);
  requireService(deps.services, 'google_books');
  const wanted = [...new Set(options.listingIds)].slice(0, GOOGLE_BOOKS_BATCH.max);
  return deps.db.transaction(async (tx) => {
    const found = await tx
      .select({ id: listings.id })
      .from(listings)
      .where(inArray(listings.id, wanted));
    const existing = new Set(found.map((row) => row.id));
    const listingIds = wanted.filter((id) => existing.has(id));
    if (listingIds.length === 0) throw notFound(LISTING_NOT_FOUND);
    const [run] = await tx
      .insert(enrichmentRuns)
      .values({
        source: 'google_books',
        batchSize: listingIds.length,
        listingIds,
        total: listingIds.length,
        autoApply,
        requestedBy: admin.id,
      })
      .returning();
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: 'start_enrichment_run',
      targetType: 'enrichment_run',
      targetId: run.id,
      targetLabel: `Google Books batch of ${listingIds.length}`,
      after: { source: 'google_books', listingIds, autoApply },
    });
    return { runId: run.id };
  });
}

/**
 * New listings are queued for enrichment when created; while Google Books is configured the
 * job turns up to 20 of them at a time into an auto-applying run. The listings are claimed
 * (SKIP LOCKED) and the run inserted in one transaction, so none is lost or taken twice.
 */
export async function queueNewListingsForBooks(deps: EnrichmentDeps): Promise<number> {
  if (!deps.services.google_books) return 0;
  return deps.db.transaction(async (tx) => {
    const listingIds = await takeListingsQueuedForEnrichment(tx, GOOGLE_BOOKS_BATCH.max);
    if (listingIds.length === 0) return 0;
    await tx.insert(enrichmentRuns).values({
      source: 'google_books' satisfies EnrichmentSource,
      batchSize: listingIds.length,
      listingIds,
      total: listingIds.length,
      autoApply: true,
    });
    return listingIds.length;
  });
}
