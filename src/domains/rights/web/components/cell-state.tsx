import { Ban, CheckCircle2, Hourglass, Lock, type LucideIcon } from 'lucide-react';
import { cn } from '@/web/lib/cn';
import type { CellState } from '../../rights.constants';
import type { AvailsCell } from '../api/avails-types';
import { cellStateText } from '../lib/avails-display';

/** Each state has words, an icon and a colour, so colour is never the only sign. */
const LOOKS: Record<CellState, { icon: LucideIcon; className: string }> = {
  available: { icon: CheckCircle2, className: 'bg-green-100 text-green-800' },
  under_offer: { icon: Hourglass, className: 'bg-blue-100 text-blue-800' },
  optioned: { icon: Lock, className: 'bg-amber-100 text-amber-800' },
  sold: { icon: Ban, className: 'bg-surface-sunken text-ink-soft' },
};

/** A cell's state as a small labelled chip: 'Optioned until 12 March 2028'. */
export function CellStateChip({
  cell,
  id,
  className,
}: {
  cell: Pick<AvailsCell, 'state' | 'until'>;
  id?: string;
  className?: string;
}) {
  const look = LOOKS[cell.state];
  const Icon = look.icon;
  return (
    <span
      id={id}
      className={cn(
        'inline-flex items-center gap-1 rounded-md px-2 py-0.5 text-xs font-medium sm:rounded-full',
        look.className,
        className,
      )}
    >
      <Icon aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
      {cellStateText(cell)}
    </span>
  );
}
