/** The forum's numbers and words (part 2 sections 3, 6, 8 and 9). */

/** Part 2 section 3: value = label. */
export const FORUM_CATEGORIES = {
  general: 'General Discussion',
  technical: 'Technical Questions',
  business: 'Business & Marketing',
  legal: 'Legal & Contracts',
} as const;
export type ForumCategory = keyof typeof FORUM_CATEGORIES;
export const FORUM_CATEGORY_VALUES = Object.keys(FORUM_CATEGORIES) as [
  ForumCategory,
  ...ForumCategory[],
];

/** Part 2 section 6: who may use the forum, said to everyone else (403 and the toast). */
export const FORUM_ACCESS_MESSAGE =
  'Forum access is limited to Premium Producers, Agents, and Administrators.';
export const FORUM_ACCESS_TOAST_TITLE = 'Access Restricted';

/** Part 2 section 8. */
export const POST_REQUIRED_MESSAGE = 'Please provide both title and content for your post.';
export const REPLY_REQUIRED_MESSAGE = 'Please provide content for your reply.';
export const POST_NOT_FOUND = 'Discussion not found';
export const REPLY_NOT_FOUND = 'Reply not found';
export const REPORT_NOT_FOUND = 'Report not found';
export const POST_LOCKED_MESSAGE = 'This discussion is locked: no new replies can be posted.';

/** Part 2 section 9: the 'Active Today' window. */
export const ACTIVE_TODAY_HOURS = 24;

export const FORUM_LIMITS = {
  titleMax: 200,
  contentMax: 20_000,
  replyMax: 10_000,
  tagsMax: 10,
  tagMax: 30,
  reasonMax: 1_000,
  searchMax: 200,
  /** Posts per page: default and most. */
  pageSize: 20,
  pageSizeMax: 50,
  /** Replies per page: default and most. */
  repliesPageSize: 50,
  repliesPageSizeMax: 100,
  pageMax: 10_000,
} as const;

/** Per-user rate limits on writing (a person, not an address: shared offices post too). */
export const FORUM_RATE_LIMITS = {
  posts: { max: 10, timeWindow: '1 hour' },
  replies: { max: 30, timeWindow: '10 minutes' },
  reports: { max: 20, timeWindow: '1 hour' },
} as const;

/** The forum's day (views count once per viewer per UK day). */
export const FORUM_TIME_ZONE = 'Europe/London';
