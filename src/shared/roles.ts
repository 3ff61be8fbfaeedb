import { z } from 'zod';

/** Who a user is on the platform. */
export const ROLES = ['producer', 'agent', 'admin'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = (typeof ROLES)[number];

/** A producer's membership tier (agents and admins are stored as 'free'). */
export const MEMBERSHIP_TIERS = ['free', 'premium'] as const;
export const MembershipTierSchema = z.enum(MEMBERSHIP_TIERS);
export type MembershipTier = (typeof MEMBERSHIP_TIERS)[number];

/** Where an agent's application stands. */
export const AGENT_VERIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AgentVerificationStatus = (typeof AGENT_VERIFICATION_STATUSES)[number];

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);
