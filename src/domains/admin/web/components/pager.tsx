import { PageNav } from '@/web/components/ui/page-nav';

interface PagerProps {
  page: number;
  totalPages: number;
  total: number;
  /** What is counted: [one, many] ('user', 'users'). */
  noun: [string, string];
  onPageChange: (page: number) => void;
}

/** How many there are, then the design system's Previous/Next when there is more than a page. */
export function Pager({ page, totalPages, total, noun, onPageChange }: PagerProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-ink-soft">
      <span>
        {total} {total === 1 ? noun[0] : noun[1]}
      </span>
      <PageNav
        label={`${noun[1]} pages`}
        page={page}
        totalPages={totalPages}
        onPageChange={onPageChange}
      />
    </div>
  );
}
