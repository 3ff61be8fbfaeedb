import { useId } from 'react';
import { Badge } from '@/web/components/ui/badge';
import { ENRICHMENT_MESSAGES } from '../../enrichment.constants';

/** 'Complete' at 100 percent, otherwise 'In Progress' (spec part 2 §4). */
export const progressLabel = (percentage: number) =>
  percentage >= 100 ? ENRICHMENT_MESSAGES.complete : ENRICHMENT_MESSAGES.inProgress;

export function EnrichmentProgress({ label, percentage }: { label: string; percentage: number }) {
  const id = useId();
  const value = Math.max(0, Math.min(100, Math.round(percentage)));
  const state = progressLabel(value);
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between gap-2 text-sm">
        <span id={id} className="font-medium text-ink">
          {label}
        </span>
        <span className="flex items-center gap-2 tabular-nums text-ink-muted">
          {value}%<Badge tone={value >= 100 ? 'green' : 'blue'}>{state}</Badge>
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value}% ${state}`}
        className="h-2.5 overflow-hidden rounded-full bg-surface-sunken"
      >
        <div
          className={
            value >= 100 ? 'h-full bg-green-600' : 'h-full bg-brand-700 transition-[width]'
          }
          style={{ width: `${value}%` }}
        />
      </div>
    </div>
  );
}
