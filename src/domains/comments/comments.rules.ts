/**
 * Who takes part in a listing's comments, in one pure module the server's routes and the
 * browser's panel both import (STYLE.md 2). No server imports.
 */
import { hasPremiumAccess, type PremiumSubject } from '@/domains/membership/membership.rules';

export interface CommentsViewer extends PremiumSubject {
  id: number;
}

/** What the rule needs of the listing: whose it is. */
export interface CommentsListing {
  agentId: number | null;
}

/**
 * Comments are a premium feature (part 1 section 6, the one premium rule in membership.rules):
 * premium producers read and post on every listing. Agents read and answer the threads on their
 * own listings only (the discussion of their title is theirs to answer; another agency's is not
 * theirs to read). Admins read and moderate every thread (decision 011).
 */
export function canTakePartInComments(
  viewer: CommentsViewer | null,
  listing: CommentsListing,
  now: Date = new Date(),
): boolean {
  if (!viewer) return false;
  if (viewer.role === 'admin') return true;
  if (viewer.role === 'agent') return listing.agentId === viewer.id;
  return hasPremiumAccess(viewer, 'comments', now);
}

/** Who may delete a comment: its author, and any admin (a moderator). */
export function canDeleteComment(
  viewer: Pick<CommentsViewer, 'id' | 'role'> | null,
  authorId: number,
): boolean {
  return viewer !== null && (viewer.id === authorId || viewer.role === 'admin');
}

/** Who may edit a comment: its author only (an admin removes, never rewrites, others' words). */
export function canEditComment(viewer: Pick<CommentsViewer, 'id'> | null, authorId: number) {
  return viewer !== null && viewer.id === authorId;
}
