import type { HTMLAttributes } from 'react';
import { cn } from '@/web/lib/cn';

export type BadgeTone = 'slate' | 'green' | 'amber' | 'red' | 'blue' | 'teal' | 'lime' | 'purple';

const tones: Record<BadgeTone, string> = {
  slate: 'bg-surface-sunken text-ink-soft',
  green: 'bg-green-100 text-green-800',
  amber: 'bg-amber-100 text-amber-800',
  red: 'bg-red-100 text-red-800',
  blue: 'bg-blue-100 text-blue-800',
  teal: 'bg-teal-100 text-teal-800',
  lime: 'bg-lime-100 text-lime-800',
  purple: 'bg-purple-100 text-purple-800',
};

export function Badge({
  tone = 'slate',
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
