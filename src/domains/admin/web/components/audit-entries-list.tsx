import type { AuditEntry } from '../../admin.schema';
import { actionLabel, auditChanges, formatUkDateTime } from './audit-change';

export { actionLabel };

/** 'user' → 'User', 'forum_post' → 'Forum post'. */
const targetTypeLabel = (type: string) =>
  (type.charAt(0).toUpperCase() + type.slice(1)).replace(/_/g, ' ');

/** What an entry acted on: its type and the label that outlives it. */
export function auditTarget(entry: AuditEntry): string {
  const name = entry.targetLabel ?? (entry.targetId === null ? '' : `#${entry.targetId}`);
  return name ? `${targetTypeLabel(entry.targetType)}: ${name}` : targetTypeLabel(entry.targetType);
}

/** Each changed field on its own line: 'Role: producer → agent'; one side when only one exists. */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const rows = auditChanges(entry);
  if (rows.length === 0 && !entry.notes) return null;
  return (
    <dl className="space-y-0.5 text-ink-soft">
      {rows.map((row) => (
        <div key={row.field} className="flex flex-wrap gap-x-1">
          <dt className="font-medium text-ink">{row.field}:</dt>
          <dd className="break-words">
            {row.before !== null && row.after !== null
              ? `${row.before} → ${row.after}`
              : row.after !== null
                ? row.after
                : row.before !== null
                  ? `was ${row.before}`
                  : 'none'}
          </dd>
        </div>
      ))}
      {entry.notes ? (
        <div className="flex flex-wrap gap-x-1">
          <dt className="font-medium text-ink">Notes:</dt>
          <dd className="break-words">{entry.notes}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** Audit entries as a compact list (the manage dialog shows a user's own). */
export function AuditEntriesList({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0) {
    return <p className="text-sm text-ink-muted">No admin actions recorded yet.</p>;
  }
  return (
    <ul className="divide-y divide-line text-sm">
      {entries.map((entry) => (
        <li key={entry.id} className="space-y-1 py-2">
          <p className="font-medium text-ink">
            {actionLabel(entry.action)}{' '}
            <span className="font-normal text-ink-muted">
              by {entry.actorName ?? 'a former admin'} ·{' '}
              <time dateTime={entry.createdAt}>{formatUkDateTime(entry.createdAt)}</time>
            </span>
          </p>
          <AuditChanges entry={entry} />
        </li>
      ))}
    </ul>
  );
}
