import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    username: text('username'),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** producer | agent | admin */
    role: text('role').notNull().default('producer'),
    /** free | premium */
    membershipTier: text('membership_tier').notNull().default('free'),
    premiumExpiresAt: timestamp('premium_expires_at', { withTimezone: true }),
    premiumAutoRenew: boolean('premium_auto_renew').notNull().default(true),
    profileImageUrl: text('profile_image_url'),
    phoneNumber: text('phone_number'),
    address: text('address'),
    imdbPageLink: text('imdb_page_link'),
    whatAreYouLookingFor: text('what_are_you_looking_for'),
    howDidYouHearAboutUs: text('how_did_you_hear_about_us'),
    companyName: text('company_name'),
    /**
     * A producer's choice: may agents see their name and company when they view a listing?
     * Off by default; the agent otherwise sees only counts.
     */
    showNameToAgents: boolean('show_name_to_agents').notNull().default(false),
    agencyWebsite: text('agency_website'),
    agencyYearsInBusiness: integer('agency_years_in_business'),
    agencyClientList: text('agency_client_list'),
    agencyContactPhone: text('agency_contact_phone'),
    agencyCredentials: text('agency_credentials'),
    /** pending | approved | rejected; null for non-agents */
    agentVerificationStatus: text('agent_verification_status'),
    agentVerificationNotes: text('agent_verification_notes'),
    agentVerificationSubmittedAt: timestamp('agent_verification_submitted_at', {
      withTimezone: true,
    }),
    agentVerifiedAt: timestamp('agent_verified_at', { withTimezone: true }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** A changed email waits here until the new address is verified. */
    pendingEmail: text('pending_email'),
    acceptedLegalTermsAt: timestamp('accepted_legal_terms_at', { withTimezone: true }),
    profileCompletedAt: timestamp('profile_completed_at', { withTimezone: true }),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /**
     * When the account was deleted while financial records still name it (accepted offers,
     * receipts): the row stays, anonymised, so their foreign keys hold. See decision 007.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    index('users_role_idx').on(t.role),
  ],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** verify_email | reset_password */
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address this token verifies (differs from users.email during an email change). */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_tokens_hash_key').on(t.tokenHash),
    index('email_tokens_user_idx').on(t.userId),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
