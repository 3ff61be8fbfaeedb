/** The comments room's numbers and messages (part 1 sections 5 and 9, part 2 sections 6 and 9). */

/** A comment, reply or edit: at most this many characters (the form's live counter too). */
export const COMMENT_MAX_LENGTH = 1000;

/** Top-level threads per page of a listing's comments ('Load more' asks for the next page). */
export const COMMENT_THREADS_PAGE_SIZE = 10;
export const COMMENT_THREADS_PAGE_SIZE_MAX = 50;

/** /admin/comments shows 20 a page (part 2 section 9). */
export const ADMIN_COMMENTS_PAGE_SIZE = 20;
export const ADMIN_COMMENTS_PAGE_SIZE_MAX = 100;

/** Top Commenters and Most Commented Listings on /admin/comments. */
export const COMMENT_STATS_TOP = 5;

/** A report's optional reason. */
export const COMMENT_REPORT_REASON_MAX = 500;

/** Posting is limited per signed-in user: comments and replies a minute. */
export const COMMENT_POSTS_PER_MINUTE = 10;

export const COMMENT_MESSAGES = {
  contentRequired: 'Comment cannot be empty',
  contentTooLong: `Comment must be ${COMMENT_MAX_LENGTH} characters or fewer`,
  reasonTooLong: `The reason must be ${COMMENT_REPORT_REASON_MAX} characters or fewer`,
  commentNotFound: 'Comment not found',
  listingNotFound: 'Listing not found',
  parentNotFound: 'The comment you are replying to was not found',
  replyToReply: 'You can only reply to a top-level comment: replies are one level deep',
  notYourListing: "Only the listing's own agent can see and answer its comments",
  editOwnOnly: 'You can only edit your own comments',
  deleteOwnOnly: 'You can only delete your own comments',
  reportOwn: 'You cannot report your own comment',
  alreadyReported: 'You have already reported this comment',
  listingIdNotNumber: 'Listing ID must be a number',
} as const;

/** The spec's toasts (part 1 section 8, part 2 section 8). */
export const COMMENT_TOASTS = {
  posted: 'Comment posted successfully',
  updated: 'Comment updated successfully',
  deleted: 'Comment deleted successfully',
  reported: 'Comment reported to the moderators',
  postFailed: 'Failed to post comment',
  updateFailed: 'Failed to update comment',
  deleteFailed: 'Failed to delete comment',
  likeFailed: 'Failed to like comment',
  reportFailed: 'Failed to report comment',
} as const;
