import { formatShortDate } from '@/web/lib/format';
import { VerifiedBadge } from '@/domains/vetting/web';
import type { ForumContentAuthor } from '../../forum.schema';

const ROLE_LABELS: Record<string, string> = {
  admin: 'Administrator',
  agent: 'Agent',
  producer: 'Producer',
  premium: 'Premium Producer',
};

/** "Ada Agent [Verified producer] · Agent · 3 Jan 2026 (edited)". */
export function AuthorLine({
  author,
  createdAt,
  isEdited,
}: {
  author: ForumContentAuthor;
  createdAt: string;
  isEdited?: boolean;
}) {
  return (
    <p className="text-sm text-ink-muted">
      <span className="font-medium text-ink">
        {author.firstName} {author.lastName}
      </span>
      {author.verified ? (
        <>
          {' '}
          <VerifiedBadge verified />
        </>
      ) : null}
      {' · '}
      {ROLE_LABELS[author.role] ?? author.role}
      {' · '}
      <time dateTime={createdAt}>{formatShortDate(createdAt)}</time>
      {isEdited ? ' (edited)' : null}
    </p>
  );
}
