import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { emailTokens } from './accounts.tables';

export type EmailTokenPurpose = 'verify_email' | 'reset_password';

/** How long each kind of emailed link stays valid. */
export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

/** Only the sha256 is stored: a leaked table gives no working links. */
export const hashEmailToken = (token: string) =>
  createHash('sha256').update(token).digest('base64url');

/**
 * Issues a random 32-byte token for a user and purpose and returns it (for the email link).
 * Earlier unused tokens of the same purpose stop working, so only the newest link is valid.
 */
export async function createEmailToken(
  db: Executor,
  options: { userId: number; purpose: EmailTokenPurpose; email: string; now?: Date },
): Promise<string> {
  const now = options.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  await db
    .delete(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, options.userId),
        eq(emailTokens.purpose, options.purpose),
        isNull(emailTokens.usedAt),
      ),
    );
  await db.insert(emailTokens).values({
    userId: options.userId,
    purpose: options.purpose,
    email: options.email,
    tokenHash: hashEmailToken(token),
    expiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS[options.purpose]),
  });
  return token;
}

/**
 * Marks a valid token used and returns it, in one statement so two clicks cannot both use it.
 * Returns null for an unknown, expired or already used token.
 */
export async function consumeEmailToken(
  db: Executor,
  options: { token: string; purpose: EmailTokenPurpose; now?: Date },
): Promise<{ userId: number; email: string } | null> {
  const now = options.now ?? new Date();
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, hashEmailToken(options.token)),
        eq(emailTokens.purpose, options.purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailTokens.userId, email: emailTokens.email });
  return row ?? null;
}
