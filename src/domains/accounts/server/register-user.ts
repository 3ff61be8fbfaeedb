import { ACCOUNT_MESSAGES } from '../accounts.constants';
import type { RegisterBody, RegisterResponse } from '../accounts.schema';
import { alreadyRegisteredMail, verificationMail } from '@/server/mail/templates';
import { users, type NewUserRow, type UserRow } from './accounts.tables';
import { sendWithoutWaiting, type AccountDeps } from './account-deps';
import { usernameTakenError } from './account-errors';
import { createEmailToken } from './email-tokens';
import {
  emptyToNull,
  findUserByEmail,
  isUsernameTaken,
  USERNAME_UNIQUE_INDEX,
  violatedConstraint,
  EMAIL_UNIQUE_INDEX,
} from './find-users';
import { hashPassword } from './password';
import { profileColumns } from './profile-columns';

type Outcome =
  | { kind: 'created'; user: UserRow; token: string }
  | { kind: 'existing'; user: UserRow; verifyToken: string | undefined }
  | { kind: 'lost-race' };

function newUserValues(body: RegisterBody, passwordHash: string, now: Date): NewUserRow {
  const common = {
    ...profileColumns(body),
    email: body.email,
    passwordHash,
    role: body.role,
    companyName: emptyToNull(body.companyName),
    acceptedLegalTermsAt: now,
  };
  if (body.role === 'producer') return common;
  return {
    ...common,
    agencyWebsite: body.agencyWebsite,
    agencyYearsInBusiness: body.agencyYearsInBusiness,
    agencyClientList: body.agencyClientList,
    agencyContactPhone: emptyToNull(body.agencyContactPhone),
    agencyCredentials: emptyToNull(body.agencyCredentials),
    // Agent accounts need an admin's approval; they start in 'Pending Review'.
    agentVerificationStatus: 'pending',
    agentVerificationSubmittedAt: now,
  };
}

/**
 * Creates a producer or agent account and emails a verification link. Does not sign in.
 * An email that already has an account gets the very same answer (no enumeration); its owner
 * is told by email that someone tried. A taken username is reported: usernames are public.
 */
export async function registerUser(
  deps: AccountDeps,
  body: RegisterBody,
): Promise<RegisterResponse> {
  // Hash first, on both paths, so an existing email does not answer faster.
  const passwordHash = await hashPassword(body.password);
  let outcome: Outcome;
  try {
    outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
      if (await isUsernameTaken(tx, body.username)) throw usernameTakenError();
      const existing = await findUserByEmail(tx, body.email);
      if (existing) {
        const verifyToken = existing.emailVerifiedAt
          ? undefined
          : await createEmailToken(tx, {
              userId: existing.id,
              purpose: 'verify_email',
              email: existing.email,
            });
        return { kind: 'existing', user: existing, verifyToken };
      }
      const [user] = await tx
        .insert(users)
        .values(newUserValues(body, passwordHash, new Date()))
        .returning();
      const token = await createEmailToken(tx, {
        userId: user.id,
        purpose: 'verify_email',
        email: user.email,
      });
      return { kind: 'created', user, token };
    });
  } catch (error) {
    const constraint = violatedConstraint(error);
    if (constraint === USERNAME_UNIQUE_INDEX) throw usernameTakenError();
    // A simultaneous sign-up with the same email won: answer as for any existing email.
    if (constraint === EMAIL_UNIQUE_INDEX) outcome = { kind: 'lost-race' };
    else throw error;
  }

  if (outcome.kind === 'created') {
    sendWithoutWaiting(deps.mailer, {
      to: outcome.user.email,
      ...verificationMail({
        publicUrl: deps.config.publicUrl,
        firstName: outcome.user.firstName,
        token: outcome.token,
        isAgent: outcome.user.role === 'agent',
      }),
    });
  } else if (outcome.kind === 'existing') {
    sendWithoutWaiting(deps.mailer, {
      to: outcome.user.email,
      ...alreadyRegisteredMail({
        publicUrl: deps.config.publicUrl,
        firstName: outcome.user.firstName,
        verifyToken: outcome.verifyToken,
        reason: 'register',
      }),
    });
  }

  const isAgent = body.role === 'agent';
  return {
    message: ACCOUNT_MESSAGES.registered,
    agentApplicationSubmitted: isAgent,
    agentMessage: isAgent ? ACCOUNT_MESSAGES.agentApplicationSubmitted : null,
  };
}
