import { and, eq, isNull } from 'drizzle-orm';
import { alreadyRegisteredMail, emailChangeMail } from '@/server/mail/templates';
import type { MailMessage } from '@/server/mail/mailer';
import { ACCOUNT_MESSAGES } from '../accounts.constants';
import type { EditAccount } from '../accounts.schema';
import { emailTokens, users, type UserRow } from './accounts.tables';
import type { AccountDeps } from './account-deps';
import { sameEmail, usernameTakenError } from './account-errors';
import { createEmailToken } from './email-tokens';
import {
  emptyToNull,
  findUserByEmail,
  isUsernameTaken,
  USERNAME_UNIQUE_INDEX,
  violatedConstraint,
} from './find-users';
import { profileColumns } from './profile-columns';
import { forgetCachedSessions } from '@/server/plugins/session';

export interface UpdateAccountResult {
  user: UserRow;
  emailChangePending: boolean;
  message: string | null;
}

/** Absent keeps the value; an agent's agency name (companyName) cannot be emptied. */
function nextCompanyName(user: UserRow, value: string | undefined): string | null {
  if (value === undefined) return user.companyName;
  if (value === '' && user.role === 'agent') return user.companyName;
  return emptyToNull(value);
}

/**
 * Saves the edit-account form. A new email address does not take effect here: it waits in
 * pendingEmail and a link goes to the new address; verifying it makes the change. If the new
 * address already has an account, the answer is the same and that account's owner is told.
 */
export async function updateAccount(
  deps: AccountDeps,
  user: UserRow,
  body: EditAccount,
): Promise<UpdateAccountResult> {
  const wantsNewEmail = !sameEmail(body.email, user.email);
  let mail: MailMessage | undefined;
  let updated: UserRow;
  try {
    updated = await deps.db.transaction(async (tx) => {
      if (await isUsernameTaken(tx, body.username, user.id)) throw usernameTakenError();
      const now = new Date();
      // Saving the form with the current address leaves any pending change as it is.
      let pendingEmail = user.pendingEmail;
      if (wantsNewEmail) {
        pendingEmail = body.email;
        const owner = await findUserByEmail(tx, body.email);
        if (owner) {
          mail = {
            to: owner.email,
            ...alreadyRegisteredMail({
              publicUrl: deps.config.publicUrl,
              firstName: owner.firstName,
              reason: 'email_change',
            }),
          };
          // No link can apply it; any earlier link for another address stops working too.
          await tx
            .delete(emailTokens)
            .where(
              and(
                eq(emailTokens.userId, user.id),
                eq(emailTokens.purpose, 'verify_email'),
                isNull(emailTokens.usedAt),
              ),
            );
        } else {
          const token = await createEmailToken(tx, {
            userId: user.id,
            purpose: 'verify_email',
            email: body.email,
          });
          mail = {
            to: body.email,
            ...emailChangeMail({
              publicUrl: deps.config.publicUrl,
              firstName: body.firstName,
              token,
            }),
          };
        }
      }
      const [row] = await tx
        .update(users)
        .set({
          ...profileColumns(body),
          companyName: nextCompanyName(user, body.companyName),
          showNameToAgents: body.showNameToAgents ?? user.showNameToAgents,
          pendingEmail,
          updatedAt: now,
        })
        .where(eq(users.id, user.id))
        .returning();
      forgetCachedSessions();
      return row;
    });
  } catch (error) {
    if (violatedConstraint(error) === USERNAME_UNIQUE_INDEX) throw usernameTakenError();
    throw error;
  }
  if (mail) await deps.mailer.send(mail);
  return {
    user: updated,
    emailChangePending: updated.pendingEmail !== null,
    message: wantsNewEmail ? ACCOUNT_MESSAGES.emailChangePending : null,
  };
}
