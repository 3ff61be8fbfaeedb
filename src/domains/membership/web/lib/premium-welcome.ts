import type { MembershipTier } from '@/shared/roles';

/**
 * /upgrade?success=true welcomes a new member (the spec), but only once the tier really is
 * premium: a free user who opens that address is not told they have joined.
 */
export const showsPremiumWelcome = (successParam: string | null, tier: MembershipTier) =>
  successParam === 'true' && tier === 'premium';
