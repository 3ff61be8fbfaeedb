import type { ReactNode } from 'react';
import { Download } from 'lucide-react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Button } from '@/web/components/ui/button';
import { ChartFrame } from '@/web/components/ui/chart-frame';
import { CHART_COLORS } from '@/web/components/ui/chart-colors';
import { toCsv, type CsvCell } from '@/shared/csv';

/** Saves rows as a CSV file (UTF-8 with a BOM, so Excel reads £ and accents). */
export function downloadCsv(fileName: string, header: string[], rows: CsvCell[][]): void {
  const blob = new Blob([`\uFEFF${toCsv(header, rows)}`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export interface PanelColumn {
  id: string;
  header: string;
  align?: 'left' | 'right';
}

interface AnalyticsPanelProps {
  title: string;
  summary: string;
  /** The file the Download CSV button saves (without .csv). */
  csvName: string;
  columns: PanelColumn[];
  /** Plain values, for both the table beside the chart and the CSV. */
  rows: Record<string, CsvCell>[];
  /** How a cell shows in the table when not as written (a link, pounds...). */
  render?: Partial<Record<string, (row: Record<string, CsvCell>) => ReactNode>>;
  legend?: { label: string; color: string }[];
  /** Said instead of drawing an empty chart. */
  emptyText: string;
  isEmpty?: boolean;
  children: ReactNode;
}

/**
 * One panel of the admin analytics page: a chart in the design system's ChartFrame, the same
 * figures as a table beside it and a Download CSV button; words instead of an empty chart.
 */
export function AnalyticsPanel({
  title,
  summary,
  csvName,
  columns,
  rows,
  render = {},
  legend,
  emptyText,
  isEmpty = rows.length === 0,
  children,
}: AnalyticsPanelProps) {
  if (isEmpty) {
    return (
      <section
        aria-label={title}
        className="rounded-card border border-line bg-surface p-4 shadow-sm"
      >
        <h2 className="font-display text-lg font-semibold text-ink">{title}</h2>
        <p className="mt-1 text-sm text-ink-muted">{emptyText}</p>
      </section>
    );
  }
  return (
    <section aria-label={title} className="space-y-2">
      <ChartFrame
        title={title}
        summary={summary}
        legend={legend}
        table={{
          columns,
          rows: rows.map((row) =>
            Object.fromEntries(
              columns.map((column) => [
                column.id,
                render[column.id]?.(row) ?? (row[column.id] as ReactNode),
              ]),
            ),
          ),
        }}
      >
        {children}
      </ChartFrame>
      <div className="flex justify-end">
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-label={`Download CSV: ${title}`}
          onClick={() =>
            downloadCsv(
              `${csvName}.csv`,
              columns.map((column) => column.header),
              rows.map((row) => columns.map((column) => row[column.id])),
            )
          }
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          Download CSV
        </Button>
      </div>
    </section>
  );
}

/** A bar chart of one or more series over a category axis (vertical bars, or horizontal). */
export function SimpleBarChart({
  data,
  category,
  series,
  isHorizontal = false,
  isStacked = false,
}: {
  data: Record<string, string | number>[];
  category: string;
  series: { key: string; label: string }[];
  isHorizontal?: boolean;
  isStacked?: boolean;
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        data={data}
        layout={isHorizontal ? 'vertical' : 'horizontal'}
        margin={{ top: 8, right: 8, bottom: 0, left: isHorizontal ? 8 : -16 }}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={isHorizontal} horizontal={!isHorizontal} />
        {isHorizontal ? (
          <>
            <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
            <YAxis type="category" dataKey={category} width={120} tick={{ fontSize: 11 }} />
          </>
        ) : (
          <>
            <XAxis dataKey={category} tick={{ fontSize: 11 }} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
          </>
        )}
        <Tooltip />
        {series.map((item, index) => (
          <Bar
            key={item.key}
            dataKey={item.key}
            name={item.label}
            fill={CHART_COLORS[index % CHART_COLORS.length]}
            stackId={isStacked ? 'stack' : undefined}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
