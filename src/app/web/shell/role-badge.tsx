import { Badge } from '@/web/components/ui/badge';
import { roleBadgeTone, roleLabel } from './nav-links';

export function RoleBadge({ role, className }: { role: string; className?: string }) {
  return (
    <Badge tone={roleBadgeTone(role)} className={className}>
      {roleLabel(role)}
    </Badge>
  );
}
