import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  /** A line on what to do about it. */
  text?: string;
  /** The way on: 'Browse Listings', 'Clear Filters'… */
  children?: ReactNode;
}

/** A list with nothing in it yet: an icon, what is missing and the way on. */
export function EmptyState({ icon: Icon, title, text, children }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
      <Icon aria-hidden="true" className="h-10 w-10 text-slate-400" />
      <p className="text-lg font-medium text-ink">{title}</p>
      {text ? <p className="text-sm text-ink-muted">{text}</p> : null}
      {children}
    </div>
  );
}
