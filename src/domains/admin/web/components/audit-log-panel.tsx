import { useState } from 'react';
import { ScrollText } from 'lucide-react';
import { DataTable, type DataTableColumn } from '@/web/components/ui/data-table';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Select } from '@/web/components/ui/input';
import { LoadError } from '@/web/components/ui/load-error';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditEntry,
} from '../../admin.schema';
import { useAuditLog } from '../api/get-audit-log';
import { formatUkDateTime } from './audit-change';
import { actionLabel, AuditChanges, auditTarget } from './audit-entries-list';
import { Pager } from './pager';

/** Audit log: every admin action, newest first, filterable by action. */
export function AuditLogPanel() {
  const [action, setAction] = useState<AuditAction>();
  const [page, setPage] = useState(1);
  const log = useAuditLog({ action, page, pageSize: 20 });

  const columns: DataTableColumn<AuditEntry>[] = [
    {
      id: 'when',
      header: 'When (UK time)',
      cell: (entry) => <time dateTime={entry.createdAt}>{formatUkDateTime(entry.createdAt)}</time>,
    },
    { id: 'action', header: 'Action', cell: (entry) => actionLabel(entry.action) },
    { id: 'actor', header: 'By', cell: (entry) => entry.actorName ?? 'Former admin' },
    { id: 'target', header: 'On', cell: auditTarget },
    {
      id: 'change',
      header: 'Before → after',
      cell: (entry) => (
        <div className="max-w-sm text-sm">
          <AuditChanges entry={entry} />
        </div>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <div className="max-w-xs">
        <Select
          aria-label="Filter by action"
          value={action ?? ''}
          onChange={(event) => {
            setAction((event.target.value || undefined) as AuditAction | undefined);
            setPage(1);
          }}
        >
          <option value="">All actions</option>
          {AUDIT_ACTIONS.map((value) => (
            <option key={value} value={value}>
              {AUDIT_ACTION_LABELS[value]}
            </option>
          ))}
        </Select>
      </div>
      {log.isError ? (
        <LoadError title="Could not load the audit log" onRetry={() => void log.refetch()} />
      ) : (
        <>
          <DataTable
            caption="Admin audit log"
            columns={columns}
            rows={log.data?.entries}
            rowKey={(entry) => entry.id}
            isLoading={log.isPending}
            empty={<EmptyState icon={ScrollText} title="No admin actions yet" />}
          />
          {log.data ? (
            <Pager
              page={log.data.page}
              totalPages={log.data.totalPages}
              total={log.data.total}
              noun={['entry', 'entries']}
              onPageChange={setPage}
            />
          ) : null}
        </>
      )}
    </div>
  );
}
