import type { ReactNode } from 'react';
import { cn } from '@/web/lib/cn';

interface ChartTable {
  columns: { id: string; header: string; align?: 'left' | 'right' }[];
  rows: Record<string, ReactNode>[];
}

interface ChartFrameProps {
  title: string;
  /** One or two sentences saying what the chart shows: read by screen readers for the chart. */
  summary: string;
  legend?: { label: string; color: string }[];
  /** The same figures as a table, beside the chart on a wide screen and below it on a phone. */
  table: ChartTable;
  /** The chart itself (recharts; only lazily loaded routes may import recharts). */
  children: ReactNode;
  className?: string;
}

/**
 * A chart with everything that makes it readable: its title, a written summary, a legend and
 * the figures as a table, so nobody needs the picture to get the numbers.
 */
export function ChartFrame({
  title,
  summary,
  legend,
  table,
  children,
  className,
}: ChartFrameProps) {
  return (
    <figure className={cn('rounded-card border border-line bg-surface p-4 shadow-sm', className)}>
      <figcaption className="mb-3 space-y-1">
        <span className="block font-display text-lg font-semibold text-ink">{title}</span>
        <span className="block text-sm text-ink-muted">{summary}</span>
      </figcaption>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div>
          {/* The figures are in the summary and the table: the drawing is neither read nor focused. */}
          <div aria-hidden="true" inert className="h-60 w-full">
            {children}
          </div>
          {legend && legend.length > 0 ? (
            <ul
              aria-hidden="true"
              className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-soft"
            >
              {legend.map((item) => (
                <li key={item.label} className="flex items-center gap-1.5">
                  <span
                    className="h-2.5 w-2.5 rounded-sm"
                    style={{ backgroundColor: item.color }}
                  />
                  {item.label}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {/* Scrollable when long: focusable so keyboard users can scroll it too. */}
        <div
          className="max-h-72 overflow-auto focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
          tabIndex={0}
          role="region"
          aria-label={`${title}: figures`}
        >
          <table className="min-w-full text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b border-line">
                {table.columns.map((column) => (
                  <th
                    key={column.id}
                    scope="col"
                    className={cn(
                      'px-2 py-1.5 font-semibold text-ink-soft',
                      column.align === 'right' ? 'text-right' : 'text-left',
                    )}
                  >
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {table.rows.map((row, index) => (
                <tr key={index}>
                  {table.columns.map((column) => (
                    <td
                      key={column.id}
                      className={cn(
                        'px-2 py-1.5 text-ink tabular-nums',
                        column.align === 'right' ? 'text-right' : 'text-left',
                      )}
                    >
                      {row[column.id]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </figure>
  );
}
