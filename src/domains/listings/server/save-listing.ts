import { eq } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import type { Database } from '@/server/db/client';
import { forbidden, notFound } from '@/shared/errors';
import {
  LISTING_SAVED_MESSAGES,
  type ListingForm,
  type ListingSavedResponse,
} from '../listing-form.schema';
import { DRAFT_STATUS } from '../listings.constants';
import { invalidateCatalogueCaches } from './catalogue-cache';
import { LISTING_NOT_FOUND } from './get-listing';
import { canSeeListing } from './listing-visibility';
import { listingFormColumns } from './listing-form-row';
import { listings } from './listings.tables';
import { statusAfterRightsEdit } from './set-listing-rights-taken';

export const ONLY_AGENTS_LIST = 'Only agents and administrators can list IP';
export const ONLY_OWN_LISTINGS = 'You can only change your own listings';

/** Agents whose application an administrator approved publish; others save drafts. */
function canPublish(user: UserRow): boolean {
  return user.role === 'admin' || user.agentVerificationStatus === 'approved';
}

function requireLister(user: UserRow): void {
  if (user.role !== 'agent' && user.role !== 'admin') throw forbidden(ONLY_AGENTS_LIST);
}

/**
 * POST /api/listings: a new listing, public at once (catalogue, search, facets, statistics and
 * the sitemap) when its agent is approved, a draft until then; queued for enrichment.
 */
export async function createListing(
  db: Database,
  user: UserRow,
  form: ListingForm,
): Promise<ListingSavedResponse> {
  requireLister(user);
  const isPublic = canPublish(user);
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(listings)
      .values({
        ...listingFormColumns(form, user),
        agentId: user.id,
        status: isPublic ? 'available' : DRAFT_STATUS,
        coverImageUrl: form.coverImageUrl ?? null,
        galleryImages: form.galleryImages ?? [],
        enrichmentStatus: 'queued',
      })
      .returning({ id: listings.id, status: listings.status });
    // A coverless listing gets its generated cover, drawn from what was just saved (the URL
    // needs the new id, so it is set in the same transaction).
    if (!form.coverImageUrl) {
      await tx
        .update(listings)
        .set({ coverImageUrl: `/images/covers/${inserted.id}.svg` })
        .where(eq(listings.id, inserted.id));
    }
    return inserted;
  });
  invalidateCatalogueCaches([row.id]);
  return {
    id: row.id,
    status: row.status,
    message: LISTING_SAVED_MESSAGES.created,
    notices: isPublic ? [] : [LISTING_SAVED_MESSAGES.pendingAgent],
  };
}

/**
 * PUT /api/listings/{id}: the agent's own listing (admins any). A draft of an agent approved
 * since goes public on its next save; optioned and available follow from the rights grid when
 * the agent adds or removes media or territories (issue 29); sold is the deals' to set.
 */
export async function updateListing(
  db: Database,
  user: UserRow,
  id: number,
  form: ListingForm,
): Promise<ListingSavedResponse> {
  requireLister(user);
  const saved = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        agentId: listings.agentId,
        status: listings.status,
        cover: listings.coverImageUrl,
        rightsTaken: listings.rightsTaken,
      })
      .from(listings)
      .where(eq(listings.id, id))
      .for('update');
    // Another agent is refused a listing they can see, and told nothing of one they cannot.
    if (!current || !canSeeListing(user, current)) throw notFound(LISTING_NOT_FOUND);
    if (user.role !== 'admin' && current.agentId !== user.id) throw forbidden(ONLY_OWN_LISTINGS);
    // The agent's name and private notes stay theirs when an administrator edits the listing
    // (admins never see the notes, so their form cannot carry them).
    const { agentName, agentNotes, ...columns } = listingFormColumns(form, user);
    const status =
      current.status === DRAFT_STATUS && canPublish(user)
        ? 'available'
        : statusAfterRightsEdit(current, columns);
    const [row] = await tx
      .update(listings)
      .set({
        ...columns,
        ...(user.role === 'admin' && current.agentId !== user.id ? {} : { agentName, agentNotes }),
        status,
        coverImageUrl: form.coverImageUrl ?? current.cover,
        ...(form.galleryImages ? { galleryImages: form.galleryImages } : {}),
        updatedAt: new Date(),
      })
      .where(eq(listings.id, id))
      .returning({ id: listings.id, status: listings.status });
    return row;
  });
  invalidateCatalogueCaches([id]);
  return {
    id: saved.id,
    status: saved.status,
    message: LISTING_SAVED_MESSAGES.updated,
    notices: saved.status === DRAFT_STATUS ? [LISTING_SAVED_MESSAGES.pendingAgent] : [],
  };
}
