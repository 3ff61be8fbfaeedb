import { Badge, type BadgeTone } from '@/web/components/ui/badge';

/** The spec's colours in comments (part 1 section 6): admin red, agent blue, producer green. */
const COMMENT_ROLE_TONES: Record<string, BadgeTone> = {
  admin: 'red',
  agent: 'blue',
  producer: 'green',
};

export const commentRoleTone = (role: string): BadgeTone => COMMENT_ROLE_TONES[role] ?? 'slate';

const label = (role: string) => (role ? role.charAt(0).toUpperCase() + role.slice(1) : 'Member');

export function CommentRoleBadge({ role }: { role: string }) {
  return <Badge tone={commentRoleTone(role)}>{label(role)}</Badge>;
}
