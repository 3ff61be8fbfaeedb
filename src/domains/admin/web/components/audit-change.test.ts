import { describe, expect, it } from 'vitest';
import { actionLabel, auditChanges, describeValue, formatUkDateTime } from './audit-change';

describe('the audit log in words', () => {
  it('names every action in words, never its key', () => {
    expect(actionLabel('suspend_user')).toBe('Suspension');
    expect(actionLabel('delete_comment')).toBe('Comment removed');
    expect(actionLabel('lock_forum_post')).toBe('Forum discussion locked');
    expect(actionLabel('some_new_action')).toBe('Some new action');
  });

  it('shows dates and times in UK time, with the zone', () => {
    expect(formatUkDateTime('2026-07-01T12:30:00.000Z')).toBe('1 Jul 2026, 13:30 BST');
    expect(formatUkDateTime('2026-11-26T23:05:00.000Z')).toBe('26 Nov 2026, 23:05 GMT');
  });

  it('spells out each changed field before → after, with no [object Object]', () => {
    const rows = auditChanges({
      before: { role: 'producer', membershipTier: 'premium', suspendedAt: null },
      after: {
        role: 'agent',
        membershipTier: 'free',
        roleOption: 'agent',
        suspendedAt: '2026-11-26T23:05:00.000Z',
        hiddenListings: [12, 15],
        refund: { amount: '216.00', provider: 'local' },
      },
    });
    expect(rows).toEqual([
      { field: 'Role', before: 'producer', after: 'agent' },
      { field: 'Membership', before: 'premium', after: 'free' },
      { field: 'Suspended since', before: null, after: '26 Nov 2026, 23:05 GMT' },
      { field: 'Console role', before: null, after: 'agent' },
      { field: 'Listings taken off the market', before: null, after: '2: #12, #15' },
      { field: 'Refund', before: null, after: 'Amount 216.00; Provider local' },
    ]);
    expect(JSON.stringify(rows)).not.toContain('[object Object]');
  });

  it('reads yes/no and empty lists as words', () => {
    expect(describeValue(true)).toBe('Yes');
    expect(describeValue([])).toBe('None');
    expect(describeValue(1200)).toBe('1,200');
  });
});
