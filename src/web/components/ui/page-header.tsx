import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** A small label above the title (the section the page belongs to). */
  eyebrow?: string;
  /** Buttons or links at the header's end (below the title on a phone). */
  actions?: ReactNode;
}

/** The page's one <h1>, in the display serif, with its description and actions. */
export function PageHeader({ title, description, eyebrow, actions }: PageHeaderProps) {
  return (
    <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0 space-y-1">
        {eyebrow ? (
          <p className="text-xs font-semibold tracking-wider text-brand-700 uppercase">{eyebrow}</p>
        ) : null}
        <h1 className="font-display text-3xl font-semibold text-ink">{title}</h1>
        {description ? <div className="text-ink-muted">{description}</div> : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}
