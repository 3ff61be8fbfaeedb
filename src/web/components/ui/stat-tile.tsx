import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

interface StatTileProps {
  label: string;
  value: ReactNode;
  /** What the figure rests on, or how it compares ("of 12 offers", "since May"). */
  hint?: ReactNode;
  icon?: LucideIcon;
}

/**
 * One headline figure. Several tiles go inside a <dl> (StatTiles), so each label names its
 * value for screen readers.
 */
export function StatTile({ label, value, hint, icon: Icon }: StatTileProps) {
  return (
    <div className="rounded-card border border-line bg-surface p-4 shadow-sm">
      <dt className="flex items-center gap-2 text-sm font-medium text-ink-muted">
        {Icon ? <Icon aria-hidden="true" className="h-4 w-4 text-brand-700" /> : null}
        {label}
      </dt>
      <dd className="mt-1 font-display text-2xl font-semibold text-ink tabular-nums">{value}</dd>
      {hint ? <dd className="mt-0.5 text-xs text-ink-muted">{hint}</dd> : null}
    </div>
  );
}

/** A row of stat tiles: two across on a phone, up to four on a desktop. */
export function StatTiles({ label, children }: { label: string; children: ReactNode }) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {children}
    </dl>
  );
}
