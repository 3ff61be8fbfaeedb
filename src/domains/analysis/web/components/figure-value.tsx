import { useId, useState } from 'react';
import { Info } from 'lucide-react';
import type { Figure } from '../../analysis.schema';
import { INSUFFICIENT_DATA } from '../../analysis.schema';
import { cn } from '@/web/lib/cn';

/** Analysis amounts are pounds, in millions with one decimal from a million up. */
export function formatFigure(figure: Figure): string {
  if (figure.kind === 'insufficient' || figure.value === null) return INSUFFICIENT_DATA;
  const { value, unit } = figure;
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'string') return value;
  switch (unit) {
    case 'usd':
      return `$${(value / 1_000_000).toFixed(1)}M`;
    case 'gbp':
      return value >= 1_000_000
        ? `£${(value / 1_000_000).toFixed(1)}M`
        : `£${value.toLocaleString('en-GB')}`;
    case 'percent':
      return `${value}%`;
    case 'probability':
      return `${Math.round(value * 100)}%`;
    case 'multiple':
      return `${value.toFixed(2)}×`;
    case 'months':
      return `${Math.round(value)} months`;
    case 'score':
      return `${value}/100`;
    default:
      return value.toLocaleString('en-GB');
  }
}

const CONFIDENCE_LABEL = {
  high: 'High confidence',
  medium: 'Medium confidence',
  low: 'Low confidence',
};

/**
 * A figure with its basis one tap away: a disclosure button (keyboard and touch alike) opens
 * the inputs, the number of comparable films, the formula and the years of data.
 */
export function FigureValue({
  label,
  figure,
  display,
  className,
}: {
  label: string;
  figure: Figure;
  /** How to show the value when not the default format (e.g. inverted risk). */
  display?: string;
  className?: string;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const text =
    figure.kind === 'insufficient' ? INSUFFICIENT_DATA : (display ?? formatFigure(figure));
  return (
    <div className={cn('rounded-md border border-line bg-white p-3', className)}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-ink-muted uppercase">{label}</p>
          <p
            className={cn(
              'mt-1 text-lg font-semibold tabular-nums',
              figure.kind === 'insufficient' ? 'text-base text-ink-muted' : 'text-ink',
            )}
          >
            {text}
          </p>
          {figure.kind === 'default' ? (
            <p className="text-xs font-medium text-amber-800">Genre default, not a finding</p>
          ) : null}
          {figure.kind === 'value' && figure.confidence ? (
            <p className="text-xs text-ink-muted">{CONFIDENCE_LABEL[figure.confidence]}</p>
          ) : null}
        </div>
        <button
          type="button"
          className="rounded p-1 text-ink-muted hover:text-ink focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
          aria-expanded={isOpen}
          aria-controls={panelId}
          aria-label={`Basis of ${label}`}
          onClick={() => setIsOpen((open) => !open)}
        >
          <Info aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
      {isOpen ? (
        <div
          id={panelId}
          role="region"
          aria-label={`Basis of ${label}`}
          className="mt-2 space-y-1 border-t border-line pt-2 text-xs text-ink-soft"
        >
          {figure.note ? <p className="font-medium text-ink">{figure.note}</p> : null}
          <p>
            <span className="font-medium">Formula:</span> {figure.basis.formula}
          </p>
          {figure.basis.comparables !== null ? (
            <p>
              <span className="font-medium">Comparable films:</span> {figure.basis.comparables}
            </p>
          ) : null}
          {figure.basis.dataRange ? (
            <p>
              <span className="font-medium">Data covers:</span> releases {figure.basis.dataRange}
            </p>
          ) : null}
          {figure.basis.inputs.length > 0 ? (
            <ul className="list-disc pl-4">
              {figure.basis.inputs.map((input) => (
                <li key={input.label}>
                  {input.label}: {input.value}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
