import { formatShortDate } from '@/web/lib/format';
import type { ForumAuthor } from '../../forum.schema';

const ROLE_LABELS: Record<string, string> = {
  admin: 'Administrator',
  agent: 'Agent',
  producer: 'Producer',
  premium: 'Premium Producer',
};

/** "Ada Agent · Agent · 3 Jan 2026 (edited)". */
export function AuthorLine({
  author,
  createdAt,
  isEdited,
}: {
  author: ForumAuthor;
  createdAt: string;
  isEdited?: boolean;
}) {
  return (
    <p className="text-sm text-ink-muted">
      <span className="font-medium text-ink">
        {author.firstName} {author.lastName}
      </span>
      {' · '}
      {ROLE_LABELS[author.role] ?? author.role}
      {' · '}
      <time dateTime={createdAt}>{formatShortDate(createdAt)}</time>
      {isEdited ? ' (edited)' : null}
    </p>
  );
}
