import type { CurrentUser } from '@/domains/accounts/accounts.schema';
import type { BadgeTone } from '@/web/components/ui/badge';
import { paths } from '@/shared/paths';

export interface NavItem {
  to: string;
  label: string;
}

type NavUser = Pick<CurrentUser, 'role' | 'membershipTier'>;

const browse: NavItem = { to: paths.listings, label: 'Browse IP' };
const forum: NavItem = { to: paths.forum, label: 'Forum' };

/** The header's links per role, exactly as the spec's Navigation section lists them. */
export function primaryNavItems(user: NavUser | null): NavItem[] {
  if (!user) return [];
  switch (user.role) {
    case 'producer':
      return [
        browse,
        { to: paths.aiRecommendations, label: 'AI Recommendations' },
        { to: paths.producerDashboard, label: 'Dashboard' },
        // The forum is a premium benefit for producers.
        ...(user.membershipTier === 'premium' ? [forum] : []),
      ];
    case 'agent':
      return [browse, { to: paths.agentDashboard, label: 'Dashboard' }, forum];
    case 'admin':
      return [
        browse,
        { to: paths.adminDashboard, label: 'User Management' },
        { to: paths.adminComments, label: 'Comment Management' },
        { to: paths.adminAnalytics, label: 'Platform Analytics' },
        { to: paths.adminCommercialAnalysis, label: 'Commercial Analysis' },
        forum,
      ];
    default:
      return [browse];
  }
}

/** The user menu's links (Log out is a button, not a link). */
export function userMenuItems(user: NavUser): NavItem[] {
  return [
    { to: paths.profile, label: 'Account' },
    { to: paths.profile, label: 'Settings' },
    ...(user.role === 'admin'
      ? [
          { to: paths.adminChainOfTitle, label: 'Chain of Title' },
          { to: paths.adminImageUpload, label: 'Bulk Image Upload' },
          { to: paths.dataEnrichment, label: 'Book Enrichment' },
          { to: paths.adminYouTube, label: 'YouTube Enrichment' },
          { to: paths.adminTwitter, label: 'X Enrichment' },
        ]
      : []),
  ];
}

/** What logged-out visitors see instead of the user menu. */
export const guestItems = {
  logIn: { to: paths.auth, label: 'Log In' },
  joinNow: { to: `${paths.auth}?mode=register`, label: 'Join Now' },
} satisfies Record<string, NavItem>;

const roleTones: Record<string, BadgeTone> = { producer: 'teal', agent: 'lime', admin: 'red' };

export function roleBadgeTone(role: string): BadgeTone {
  return roleTones[role] ?? 'slate';
}

export function roleLabel(role: string): string {
  return role ? role.charAt(0).toUpperCase() + role.slice(1) : 'Member';
}
