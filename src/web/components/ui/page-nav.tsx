import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';
import { cn } from '@/web/lib/cn';

interface PageNavProps {
  page: number;
  totalPages: number;
  /** The navigation landmark's name ('Discussion pages'). */
  label: string;
  onPageChange: (page: number) => void;
  className?: string;
}

/**
 * Previous/Next with 'Page x of y', bounded between 1 and the last page; nothing when there is
 * one page. The one pager of every paged list.
 */
export function PageNav({ page, totalPages, label, onPageChange, className }: PageNavProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className={cn('flex items-center justify-between gap-2', className)}>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={page <= 1}
        onClick={() => onPageChange(Math.max(1, page - 1))}
      >
        <ChevronLeft aria-hidden="true" className="h-4 w-4" />
        Previous
      </Button>
      <span aria-live="polite" className="text-sm text-ink-muted">
        Page {page} of {totalPages}
      </span>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={page >= totalPages}
        onClick={() => onPageChange(Math.min(totalPages, page + 1))}
      >
        Next
        <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </Button>
    </nav>
  );
}
