import { Badge, type BadgeTone } from '@/web/components/ui/badge';
import type { AdminUser } from '../../admin.schema';

const ROLE_TONES: Record<AdminUser['role'], BadgeTone> = {
  producer: 'teal',
  agent: 'lime',
  admin: 'red',
};
const ROLE_LABELS: Record<AdminUser['role'], string> = {
  producer: 'Producer',
  agent: 'Agent',
  admin: 'Admin',
};

export function RoleBadge({ role }: { role: AdminUser['role'] }) {
  return <Badge tone={ROLE_TONES[role]}>{ROLE_LABELS[role]}</Badge>;
}

export function StatusBadge({ status }: { status: AdminUser['status'] }) {
  return status === 'suspended' ? (
    <Badge tone="red">Suspended</Badge>
  ) : (
    <Badge tone="green">Active</Badge>
  );
}

export function TierBadge({ tier }: { tier: AdminUser['membershipTier'] }) {
  return tier === 'premium' ? <Badge tone="purple">Premium</Badge> : <Badge>Free</Badge>;
}

/** Email verified, and for agents where their application stands. */
export function VerifiedBadge({ user }: { user: AdminUser }) {
  if (user.role === 'agent' && user.agentVerificationStatus !== 'approved') {
    return user.agentVerificationStatus === 'rejected' ? (
      <Badge tone="red">Rejected</Badge>
    ) : (
      <Badge tone="amber">Pending review</Badge>
    );
  }
  return user.emailVerified ? <Badge tone="green">Verified</Badge> : <Badge>Unverified</Badge>;
}
