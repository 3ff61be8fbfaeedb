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

const inbox: NavItem = { to: paths.inbox, label: 'Inbox' };
const savedSearches: NavItem = { to: paths.savedSearches, label: 'Saved searches' };
const notifications: NavItem = { to: paths.notifications, label: 'Notifications' };
const commercialAnalysis: NavItem = { to: paths.commercialAnalysis, label: 'Commercial Analysis' };
const verifyAgreement: NavItem = { to: paths.verifyAgreement, label: 'Verify agreement' };

/** The pages a role uses beyond the spec's header links, so each is reachable from a menu. */
function rolePages(user: NavUser): NavItem[] {
  switch (user.role) {
    case 'producer':
      return [
        { to: paths.mySubmissions, label: 'My Submissions' },
        inbox,
        { to: paths.mandates, label: 'Mandates' },
        { to: paths.producerVerification, label: 'Producer verification' },
        savedSearches,
        notifications,
        commercialAnalysis,
        ...(user.membershipTier === 'premium'
          ? []
          : [{ to: paths.upgrade, label: 'Upgrade to Premium' }]),
      ];
    case 'agent':
      return [
        inbox,
        { to: paths.mandateMatches, label: 'Mandate matches' },
        savedSearches,
        notifications,
        commercialAnalysis,
      ];
    case 'admin':
      return [
        { to: paths.adminChainOfTitle, label: 'Chain of Title' },
        { to: paths.adminProducerApplications, label: 'Producer applications' },
        { to: paths.adminImageUpload, label: 'Bulk Image Upload' },
        { to: paths.dataEnrichment, label: 'Book Enrichment' },
        { to: paths.adminYouTube, label: 'YouTube Enrichment' },
        { to: paths.adminTwitter, label: 'X Enrichment' },
        savedSearches,
        notifications,
      ];
    default:
      return [savedSearches, notifications];
  }
}

/**
 * The user menu's links (Log out is a button, not a link), on the desktop dropdown and in the
 * phone menu alike: the spec's Account and Settings, then every other page the role uses
 * (the spec's header lists only a few; issue 27 found Inbox, My Submissions, Saved searches
 * and Verify agreement in no menu at all).
 */
export function userMenuItems(user: NavUser): NavItem[] {
  return [
    { to: paths.profile, label: 'Account' },
    { to: paths.profile, label: 'Settings' },
    ...rolePages(user),
    verifyAgreement,
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
