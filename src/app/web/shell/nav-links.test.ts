import { describe, expect, it } from 'vitest';
import { guestItems, primaryNavItems, roleBadgeTone, userMenuItems } from './nav-links';

const targets = (role: string, membershipTier: 'free' | 'premium' = 'free') =>
  primaryNavItems({ role, membershipTier }).map((item) => item.to);

describe('navigation per role', () => {
  it('shows a free producer Browse IP, AI Recommendations and Dashboard but no forum', () => {
    expect(primaryNavItems({ role: 'producer', membershipTier: 'free' })).toEqual([
      { to: '/listings', label: 'Browse IP' },
      { to: '/ai-recommendations', label: 'AI Recommendations' },
      { to: '/producer-dashboard', label: 'Dashboard' },
    ]);
  });

  it('adds the forum for a premium producer', () => {
    expect(targets('producer', 'premium')).toEqual([
      '/listings',
      '/ai-recommendations',
      '/producer-dashboard',
      '/forum',
    ]);
  });

  it('shows an agent the catalogue, the agent dashboard and the forum', () => {
    expect(targets('agent')).toEqual(['/listings', '/agent-dashboard', '/forum']);
  });

  it('shows an admin the management pages in the spec order', () => {
    expect(primaryNavItems({ role: 'admin', membershipTier: 'free' })).toEqual([
      { to: '/listings', label: 'Browse IP' },
      { to: '/admin-dashboard', label: 'User Management' },
      { to: '/admin/comments', label: 'Comment Management' },
      { to: '/admin/analytics', label: 'Platform Analytics' },
      { to: '/admin/commercial-analysis', label: 'Commercial Analysis' },
      { to: '/forum', label: 'Forum' },
    ]);
  });

  it('shows any other role only the catalogue', () => {
    expect(targets('premium', 'premium')).toEqual(['/listings']);
    expect(targets('free')).toEqual(['/listings']);
  });

  it('shows logged-out visitors no member links, only Log In and Join Now', () => {
    expect(primaryNavItems(null)).toEqual([]);
    expect(guestItems.logIn.to).toBe('/auth');
    expect(guestItems.joinNow.to).toBe('/auth?mode=register');
  });
});

describe('user menu', () => {
  const menu = (role: string, membershipTier: 'free' | 'premium' = 'free') =>
    userMenuItems({ role, membershipTier }).map((item) => `${item.label} ${item.to}`);

  it('gives a free producer every page they use: submissions, inbox, saved searches…', () => {
    expect(menu('producer')).toEqual([
      'Account /profile',
      'Settings /profile',
      'My Submissions /my-submissions',
      'Inbox /inbox',
      'Mandates /mandates',
      'Producer verification /producer-verification',
      'Saved searches /saved-searches',
      'Notifications /notifications',
      'Commercial Analysis /commercial-analysis',
      'Upgrade to Premium /upgrade',
      'Verify agreement /verify-agreement',
    ]);
  });

  it('gives a premium producer the same pages, without the upgrade', () => {
    expect(menu('producer', 'premium')).not.toContain('Upgrade to Premium /upgrade');
    expect(menu('producer', 'premium')).toContain('My Submissions /my-submissions');
  });

  it('gives an agent the inbox, saved searches, notifications and agreement check', () => {
    expect(menu('agent')).toEqual([
      'Account /profile',
      'Settings /profile',
      'Inbox /inbox',
      'Mandate matches /mandate-matches',
      'Saved searches /saved-searches',
      'Notifications /notifications',
      'Commercial Analysis /commercial-analysis',
      'Verify agreement /verify-agreement',
    ]);
  });

  it('gives admins chain of title, bulk image upload and the enrichment tools', () => {
    expect(userMenuItems({ role: 'admin', membershipTier: 'free' }).map((i) => i.to)).toEqual([
      '/profile',
      '/profile',
      '/admin/chain-of-title',
      '/admin/producer-applications',
      '/admin-image-upload',
      '/data-enrichment',
      '/admin/youtube',
      '/admin/twitter',
      '/saved-searches',
      '/notifications',
      '/verify-agreement',
    ]);
  });

  it('reaches every page of the router that a signed-in role uses from its menus', () => {
    const reachable = (role: string, tier: 'free' | 'premium') =>
      new Set(
        [
          ...primaryNavItems({ role, membershipTier: tier }),
          ...userMenuItems({ role, membershipTier: tier }),
        ].map((item) => item.to),
      );
    for (const page of ['/inbox', '/saved-searches', '/verify-agreement', '/notifications']) {
      expect(reachable('producer', 'free').has(page), page).toBe(true);
      expect(reachable('agent', 'free').has(page), page).toBe(true);
    }
    expect(reachable('producer', 'free').has('/my-submissions')).toBe(true);
    expect(reachable('admin', 'free').has('/verify-agreement')).toBe(true);
  });

  it('colours role badges teal, lime and red', () => {
    expect(['producer', 'agent', 'admin', 'free'].map(roleBadgeTone)).toEqual([
      'teal',
      'lime',
      'red',
      'slate',
    ]);
  });
});
