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
  it('sends Account and Settings to the profile page', () => {
    expect(userMenuItems({ role: 'producer', membershipTier: 'free' })).toEqual([
      { to: '/profile', label: 'Account' },
      { to: '/profile', label: 'Settings' },
    ]);
  });

  it('gives admins chain of title, bulk image upload and the enrichment tools', () => {
    expect(userMenuItems({ role: 'admin', membershipTier: 'free' }).map((i) => i.to)).toEqual([
      '/profile',
      '/profile',
      '/admin/chain-of-title',
      '/admin-image-upload',
      '/data-enrichment',
      '/admin/youtube',
      '/admin/twitter',
    ]);
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
