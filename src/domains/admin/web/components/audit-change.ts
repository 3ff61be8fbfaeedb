import { AUDIT_ACTION_LABELS, type AuditAction, type AuditEntry } from '../../admin.schema';

/** One changed field of an audit entry, in words: 'Role: Producer → Agent'. */
export interface AuditChangeRow {
  field: string;
  before: string | null;
  after: string | null;
}

const ukDateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
  timeZoneName: 'short',
});

/** An instant as people in the UK read it: '26 Nov 2026, 23:05 GMT' (BST in summer). */
export function formatUkDateTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? String(value) : ukDateTime.format(date);
}

/** 'some_action' or 'someField' → 'Some action' / 'Some field': never a raw key on screen. */
export function words(key: string): string {
  const spaced = key
    .replace(/_/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** The log's name for an action, the rooms' own or, for one not listed, its key in words. */
export function actionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action as AuditAction] ?? words(action);
}

/** Field names whose meaning the words of the key do not carry well. */
const FIELD_LABELS: Record<string, string> = {
  roleOption: 'Console role',
  membershipTier: 'Membership',
  premiumExpiresAt: 'Premium until',
  premiumAutoRenew: 'Renews automatically',
  agentVerificationStatus: 'Agent verification',
  agentVerifiedAt: 'Agent verified on',
  suspendedAt: 'Suspended since',
  hiddenListings: 'Listings taken off the market',
  restoredListingIds: 'Listings back on the market',
  publishedListingIds: 'Listings published',
  refundedAmount: 'Refunded',
  receiptNumber: 'Receipt',
  sessionsRevoked: 'Signed out everywhere',
  keptReplies: 'Replies kept',
  listingId: 'Listing',
  authorId: 'Author (user id)',
  parentId: 'Reply to comment',
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A stored value in words: dates in UK time, yes/no, lists and records spelled out. */
export function describeValue(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString('en-GB');
  if (typeof value === 'string') return ISO_INSTANT.test(value) ? formatUkDateTime(value) : value;
  if (Array.isArray(value)) {
    if (value.length === 0) return 'None';
    const items = value.map((item) =>
      typeof item === 'number' ? `#${item}` : (describeValue(item) ?? '—'),
    );
    return `${value.length}: ${items.join(', ')}`;
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${words(key)} ${describeValue(inner) ?? '—'}`)
      .join('; ');
  }
  return String(value);
}

/** What an entry changed, field by field, before → after, in words. */
export function auditChanges(entry: Pick<AuditEntry, 'before' | 'after'>): AuditChangeRow[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.map((key) => ({
    field: FIELD_LABELS[key] ?? words(key),
    before: key in before ? describeValue(before[key]) : null,
    after: key in after ? describeValue(after[key]) : null,
  }));
}
