/**
 * The admin users console's requests and answers (part 2 sections 2, 5, 6 and 8), shared by the
 * routes and the admin dashboard's forms. Messages the spec gives are written here once.
 */
import { z } from 'zod';

export const ADMIN_LIMITS = {
  pageSizeDefault: 20,
  pageSizeMax: 100,
  searchMax: 200,
  notesMax: 2000,
  passwordMin: 8,
  passwordMax: 128,
} as const;

export const ADMIN_MESSAGES = {
  newPasswordRequired: 'Please enter a new password',
  newPasswordTooShort: 'Password must be at least 8 characters long',
  newPasswordTooLong: 'Password must be at most 128 characters long',
  userNotFound: 'User not found',
  agentNotFound: 'Agent not found',
  cannotSuspendAdmin: 'Administrators cannot be suspended',
  cannotSuspendSelf: 'You cannot suspend your own account',
  cannotDeleteAdmin: 'Administrators cannot be deleted from the admin console',
  cannotChangeOwnRole: 'You cannot change your own role',
  cannotDemoteAdmin:
    'Administrators keep their role here. Another way to remove an administrator is not offered.',
  cannotMakeAdmin: 'Administrator is only kept for existing administrators',
  notAnAgent: 'This user is not an agent',
  agentApproved: 'Agent application approved',
  agentRejected: 'Agent application rejected',
  roleChanged: 'Role updated',
  userSuspended: 'User suspended',
  userActivated: 'User activated',
  alreadySuspended: 'This user is already suspended',
  notSuspended: 'This user is not suspended',
  passwordReset: 'Password reset successfully',
  userDeleted: 'User deleted successfully',
} as const;

/** What an admin may set a role to (the spec's options; `admin` only keeps an admin one). */
export const ADMIN_ROLE_OPTIONS = ['free', 'premium', 'agent', 'admin'] as const;
export type AdminRoleOption = (typeof ADMIN_ROLE_OPTIONS)[number];
export const ADMIN_ROLE_LABELS: Record<AdminRoleOption, string> = {
  free: 'Free',
  premium: 'Premium',
  agent: 'Agent',
  admin: 'Administrator',
};

/** Days of Premium an admin's grant gives (it never bills; decision 009). */
export const ADMIN_PREMIUM_GRANT_DAYS = 365;

export const USER_STATUSES = ['active', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const ADMIN_USER_SORTS = [
  'name',
  'email',
  'role',
  'tier',
  'createdAt',
  'lastLoginAt',
] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

export const AUDIT_ACTIONS = [
  'verify_agent',
  'change_role',
  'suspend_user',
  'activate_user',
  'reset_password',
  'delete_user',
  'refund_membership',
  // What other rooms' admin screens record through recordAdminAction (the log shows them all).
  'delete_comment',
  'dismiss_comment_reports',
  'delete_forum_post',
  'delete_forum_reply',
  'dismiss_forum_report',
  'pin_forum_post',
  'unpin_forum_post',
  'lock_forum_post',
  'unlock_forum_post',
  'file_chain_document',
  'delete_chain_document',
  'start_enrichment_run',
  'apply_book_enrichment',
  'upload_ip_images',
  'verify_producer',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  verify_agent: 'Agent verification',
  change_role: 'Role change',
  suspend_user: 'Suspension',
  activate_user: 'Activation',
  reset_password: 'Password reset',
  delete_user: 'Deletion',
  refund_membership: 'Membership refund',
  delete_comment: 'Comment removed',
  dismiss_comment_reports: 'Comment reports dismissed',
  delete_forum_post: 'Forum discussion removed',
  delete_forum_reply: 'Forum reply removed',
  dismiss_forum_report: 'Forum report dismissed',
  pin_forum_post: 'Forum discussion pinned',
  unpin_forum_post: 'Forum discussion unpinned',
  lock_forum_post: 'Forum discussion locked',
  unlock_forum_post: 'Forum discussion unlocked',
  file_chain_document: 'Chain-of-title document filed',
  delete_chain_document: 'Chain-of-title document deleted',
  start_enrichment_run: 'Enrichment run started',
  apply_book_enrichment: 'Book enrichment applied',
  upload_ip_images: 'Bulk image upload',
  verify_producer: 'Producer verification',
};

const pageField = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSizeField = z.coerce
  .number()
  .int()
  .min(1)
  .max(ADMIN_LIMITS.pageSizeMax)
  .default(ADMIN_LIMITS.pageSizeDefault);

export const UserIdParamsSchema = z.object({ userId: z.string().max(20) });
export const AgentIdParamsSchema = z.object({ agentId: z.string().max(20) });

export const ListUsersQuerySchema = z.object({
  page: pageField,
  pageSize: pageSizeField,
  search: z.string().trim().max(ADMIN_LIMITS.searchMax).optional(),
  role: z.enum(['producer', 'agent', 'admin']).optional(),
  status: z.enum(USER_STATUSES).optional(),
  sort: z.enum(ADMIN_USER_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type ListUsersQuery = z.infer<typeof ListUsersQuerySchema>;
export type ListUsersQueryInput = z.input<typeof ListUsersQuerySchema>;

const isoDate = z.iso.datetime({ offset: true });

export const AdminUserSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(['producer', 'agent', 'admin']),
  membershipTier: z.enum(['free', 'premium']),
  premiumExpiresAt: isoDate.nullable(),
  emailVerified: z.boolean(),
  agentVerificationStatus: z.enum(['pending', 'approved', 'rejected']).nullable(),
  status: z.enum(USER_STATUSES),
  createdAt: isoDate,
  lastLoginAt: isoDate.nullable(),
  companyName: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const ListUsersResponseSchema = z.object({
  users: z.array(AdminUserSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type ListUsersResponse = z.infer<typeof ListUsersResponseSchema>;

export const PendingAgentSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  createdAt: isoDate,
  emailVerified: z.boolean(),
  companyName: z.string().nullable(),
  agencyWebsite: z.string().nullable(),
  agencyYearsInBusiness: z.number().int().nullable(),
  agencyClientList: z.string().nullable(),
  agencyContactPhone: z.string().nullable(),
  agencyCredentials: z.string().nullable(),
  agentVerificationSubmittedAt: isoDate.nullable(),
});
export type PendingAgent = z.infer<typeof PendingAgentSchema>;
export const PendingAgentsResponseSchema = z.object({ agents: z.array(PendingAgentSchema) });
export type PendingAgentsResponse = z.infer<typeof PendingAgentsResponseSchema>;

const notesField = z
  .string()
  .trim()
  .max(ADMIN_LIMITS.notesMax, `Notes must be at most ${ADMIN_LIMITS.notesMax} characters`);

export const VerifyAgentBodySchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: 'Choose approve or reject' }),
  notes: notesField.optional(),
});
export type VerifyAgentBody = z.infer<typeof VerifyAgentBodySchema>;

export const AdminUserActionResponseSchema = z.object({
  message: z.string(),
  user: AdminUserSchema,
});
export type AdminUserActionResponse = z.infer<typeof AdminUserActionResponseSchema>;

export const VerifyAgentResponseSchema = AdminUserActionResponseSchema.extend({
  /** Drafts the approval published (decision 008: drafts until approval). */
  publishedListingIds: z.array(z.number().int()),
});
export type VerifyAgentResponse = z.infer<typeof VerifyAgentResponseSchema>;

export const SetUserRoleBodySchema = z.object({
  role: z.enum(ADMIN_ROLE_OPTIONS, { error: 'Choose a role' }),
});
export type SetUserRoleBody = z.infer<typeof SetUserRoleBodySchema>;

/** Suspend and activate take an optional note for the audit log; no body at all is fine. */
export const SuspendUserBodySchema = z.object({ notes: notesField.optional() }).nullish();

/** What suspending a user would do now: the confirmation states it before the admin acts. */
export const SuspensionImpactSchema = z.object({
  /** The agent's listings on the market now (published, optioned...), which would be withdrawn. */
  listingsOffMarket: z.number().int(),
  /** Sign-in sessions that have not expired, which would all be ended. */
  activeSessions: z.number().int(),
});
export type SuspensionImpact = z.infer<typeof SuspensionImpactSchema>;

export const AdminResetPasswordBodySchema = z.object({
  newPassword: z
    .string({ error: ADMIN_MESSAGES.newPasswordRequired })
    .min(1, ADMIN_MESSAGES.newPasswordRequired)
    .min(ADMIN_LIMITS.passwordMin, ADMIN_MESSAGES.newPasswordTooShort)
    .max(ADMIN_LIMITS.passwordMax, ADMIN_MESSAGES.newPasswordTooLong),
});
export type AdminResetPasswordBody = z.infer<typeof AdminResetPasswordBodySchema>;

export const AdminResetPasswordResponseSchema = z.object({
  message: z.string(),
  userEmail: z.string(),
});
export type AdminResetPasswordResponse = z.infer<typeof AdminResetPasswordResponseSchema>;

export const DeleteUserResponseSchema = z.object({
  message: z.string(),
  deletedUserEmail: z.string(),
});
export type DeleteUserResponse = z.infer<typeof DeleteUserResponseSchema>;

export const AuditLogQuerySchema = z.object({
  targetType: z.string().trim().max(40).optional(),
  targetId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  actorId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  page: pageField,
  pageSize: pageSizeField,
});
export type AuditLogQuery = z.infer<typeof AuditLogQuerySchema>;
export type AuditLogQueryInput = z.input<typeof AuditLogQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  targetType: z.string(),
  targetId: z.number().int().nullable(),
  targetLabel: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  notes: z.string().nullable(),
  createdAt: isoDate,
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditLogResponseSchema = z.object({
  entries: z.array(AuditEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type AuditLogResponse = z.infer<typeof AuditLogResponseSchema>;
