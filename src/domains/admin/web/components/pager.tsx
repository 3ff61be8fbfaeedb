import { Button } from '@/web/components/ui/button';

interface PagerProps {
  page: number;
  totalPages: number;
  total: number;
  /** What is counted: [one, many] ('user', 'users'). */
  noun: [string, string];
  onPageChange: (page: number) => void;
}

/** Previous/Next with 'Page x of y', bounded between 1 and the last page. */
export function Pager({ page, totalPages, total, noun, onPageChange }: PagerProps) {
  return (
    <nav
      aria-label={`${noun[1]} pages`}
      className="flex flex-wrap items-center justify-between gap-2 text-sm text-ink-soft"
    >
      <span>
        {total} {total === 1 ? noun[0] : noun[1]}
      </span>
      <div className="flex items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={page <= 1}
          onClick={() => onPageChange(Math.max(1, page - 1))}
        >
          Previous
        </Button>
        <span aria-live="polite">
          Page {page} of {totalPages}
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={page >= totalPages}
          onClick={() => onPageChange(Math.min(totalPages, page + 1))}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}
