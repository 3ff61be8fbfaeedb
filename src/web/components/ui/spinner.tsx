import { cn } from '@/web/lib/cn';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <div role="status" aria-label={label} className={cn('flex justify-center p-8', className)}>
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-line border-t-brand-700" />
    </div>
  );
}
