import { formatShortDate } from '@/web/lib/format';
import { AUDIT_ACTION_LABELS, type AuditAction, type AuditEntry } from '../../admin.schema';

const describe = (value: Record<string, unknown> | null) =>
  value
    ? Object.entries(value)
        .map(([key, v]) => `${key}: ${Array.isArray(v) ? v.length : String(v)}`)
        .join(', ')
    : '';

export function actionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action as AuditAction] ?? action;
}

/** Audit entries as a compact list (the manage dialog shows a user's own). */
export function AuditEntriesList({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0) {
    return <p className="text-sm text-ink-muted">No admin actions recorded yet.</p>;
  }
  return (
    <ul className="divide-y divide-line text-sm">
      {entries.map((entry) => (
        <li key={entry.id} className="space-y-0.5 py-2">
          <p className="font-medium text-ink">
            {actionLabel(entry.action)}{' '}
            <span className="font-normal text-ink-muted">
              by {entry.actorName ?? 'a former admin'} · {formatShortDate(entry.createdAt)}
            </span>
          </p>
          {entry.after ? (
            <p className="break-words text-ink-soft">
              {describe(entry.before) ? `${describe(entry.before)} → ` : ''}
              {describe(entry.after)}
            </p>
          ) : null}
          {entry.notes ? <p className="text-ink-soft">Notes: {entry.notes}</p> : null}
        </li>
      ))}
    </ul>
  );
}
