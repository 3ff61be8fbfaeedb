import { useMemo, useState, type ReactNode } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown, Inbox } from 'lucide-react';
import { cn } from '@/web/lib/cn';
import { EmptyState } from './empty-state';
import { Skeleton } from './skeleton';

export interface DataTableColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Present = the column is sortable (client-side), by this value. */
  sortValue?: (row: Row) => string | number | null;
  align?: 'left' | 'right';
}

export interface SortState {
  columnId: string;
  direction: 'asc' | 'desc';
}

interface DataTableProps<Row> {
  /** Names the table for screen readers (visually hidden). */
  caption: string;
  columns: DataTableColumn<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string | number;
  isLoading?: boolean;
  /** Shown when there are no rows (defaults to a plain 'Nothing here yet'). */
  empty?: ReactNode;
  initialSort?: SortState;
  /** Controlled (server-side) sorting: rows are shown as received, headers call onSortChange. */
  sort?: SortState;
  onSortChange?: (sort: SortState) => void;
  /** Columns the server sorts by (controlled mode), besides those with a sortValue. */
  sortableColumnIds?: string[];
}

const LOADING_ROWS = 5;

function compare(a: string | number | null, b: string | number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en-GB', { numeric: true });
}

/**
 * A table of records: sortable headers (buttons with aria-sort), skeleton rows while loading,
 * an empty state, and horizontal scrolling on a phone rather than squeezed columns.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  isLoading = false,
  empty,
  initialSort,
  sort: controlledSort,
  onSortChange,
  sortableColumnIds = [],
}: DataTableProps<Row>) {
  const [localSort, setLocalSort] = useState<SortState | undefined>(initialSort);
  const isControlled = onSortChange !== undefined;
  const sort = isControlled ? controlledSort : localSort;

  const shownRows = useMemo(() => {
    if (!rows || isControlled || !sort) return rows;
    const column = columns.find((candidate) => candidate.id === sort.columnId);
    if (!column?.sortValue) return rows;
    const sortValue = column.sortValue;
    const sorted = [...rows].sort((a, b) => compare(sortValue(a), sortValue(b)));
    return sort.direction === 'desc' ? sorted.reverse() : sorted;
  }, [rows, columns, sort, isControlled]);

  const isSortable = (column: DataTableColumn<Row>) =>
    column.sortValue !== undefined || sortableColumnIds.includes(column.id);

  const toggleSort = (columnId: string) => {
    const next: SortState =
      sort?.columnId === columnId && sort.direction === 'asc'
        ? { columnId, direction: 'desc' }
        : { columnId, direction: 'asc' };
    if (isControlled) onSortChange(next);
    else setLocalSort(next);
  };

  const alignClass = (column: DataTableColumn<Row>) =>
    column.align === 'right' ? 'text-right' : 'text-left';

  return (
    <div
      className="overflow-x-auto rounded-card border border-line bg-surface focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
      // Scrolls sideways on a phone: focusable so keyboard users can scroll it too.
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <table className="min-w-full divide-y divide-line text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-sunken/60">
          <tr>
            {columns.map((column) => {
              const direction = sort?.columnId === column.id ? sort.direction : undefined;
              const Icon =
                direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown;
              return (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={
                    direction === 'asc'
                      ? 'ascending'
                      : direction === 'desc'
                        ? 'descending'
                        : undefined
                  }
                  className={cn(
                    'px-4 py-2.5 font-semibold whitespace-nowrap text-ink-soft',
                    alignClass(column),
                  )}
                >
                  {isSortable(column) ? (
                    <button
                      type="button"
                      onClick={() => toggleSort(column.id)}
                      className={cn(
                        'inline-flex items-center gap-1 rounded hover:text-ink focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none',
                        column.align === 'right' && 'flex-row-reverse',
                      )}
                    >
                      {column.header}
                      <Icon aria-hidden="true" className="h-3.5 w-3.5" />
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {isLoading && !shownRows
            ? Array.from({ length: LOADING_ROWS }, (_, index) => (
                <tr key={`loading-${index}`} aria-hidden="true">
                  {columns.map((column) => (
                    <td key={column.id} className="px-4 py-3">
                      <Skeleton className="h-4 w-full max-w-32" />
                    </td>
                  ))}
                </tr>
              ))
            : shownRows?.map((row) => (
                <tr key={rowKey(row)} className="hover:bg-surface-page">
                  {columns.map((column) => (
                    <td key={column.id} className={cn('px-4 py-3 text-ink', alignClass(column))}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
        </tbody>
      </table>
      {!isLoading && shownRows && shownRows.length === 0 ? (
        <div className="border-t border-line p-6">
          {empty ?? <EmptyState icon={Inbox} title="Nothing here yet" />}
        </div>
      ) : null}
      {isLoading ? (
        <span className="sr-only" role="status">
          Loading
        </span>
      ) : null}
    </div>
  );
}
