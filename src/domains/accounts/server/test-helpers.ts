import { setTimeout as sleep } from 'node:timers/promises';
import { and, desc, ilike, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import type { AgentSignUpInput, ProducerSignUpInput } from '../accounts.schema';
import { mailOutbox } from '@/server/mail/mail.tables';

/** Helpers for the accounts API tests (not a test file itself). */

let counter = 0;
const unique = () => {
  counter += 1;
  return `${counter}${Date.now().toString(36).slice(-4)}`;
};

/**
 * A different client address for each call: the sign-up and mail endpoints are rate limited
 * per IP, and most tests are not about that.
 */
export function freshIp(): string {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

export function producerSignUp(overrides: Partial<ProducerSignUpInput> = {}): ProducerSignUpInput {
  const id = unique();
  return {
    role: 'producer',
    firstName: 'Priya',
    lastName: 'Producer',
    email: `priya${id}@example.test`,
    username: `priya_${id}`,
    password: 'a-strong-password',
    confirmPassword: 'a-strong-password',
    acceptedLegalTerms: true,
    ...overrides,
  };
}

export function agentSignUp(overrides: Partial<AgentSignUpInput> = {}): AgentSignUpInput {
  const id = unique();
  return {
    role: 'agent',
    firstName: 'Alan',
    lastName: 'Agent',
    email: `alan${id}@example.test`,
    username: `alan_${id}`,
    password: 'a-strong-password',
    confirmPassword: 'a-strong-password',
    acceptedLegalTerms: true,
    companyName: 'Blue Door Literary',
    agencyWebsite: 'https://bluedoor.example',
    agencyYearsInBusiness: 12,
    agencyClientList: 'Twelve novelists and four screenwriters',
    ...overrides,
  };
}

export type OutboxMail = typeof mailOutbox.$inferSelect;

/** Mails to an address so far, newest first (the address matched regardless of case). */
export function mailsTo(db: Database, to: string): Promise<OutboxMail[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.to}) = lower(${to})`)
    .orderBy(desc(mailOutbox.id));
}

/** Waits for a mail to an address whose subject contains the text (mails are sent after the answer). */
export async function waitForMail(
  db: Database,
  to: string,
  subjectContains: string,
  timeoutMs = 5000,
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(
        and(
          sql`lower(${mailOutbox.to}) = lower(${to})`,
          ilike(mailOutbox.subject, `%${subjectContains}%`),
        ),
      )
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    if (mail) return mail;
    await sleep(25);
  }
  throw new Error(`no mail to ${to} with "${subjectContains}" within ${timeoutMs} ms`);
}

/** Lets mails sent without waiting reach the outbox before asserting that none was sent. */
export const settleMail = () => sleep(300);

/** The token of the first link to `path` in a mail's text. */
export function tokenFromMail(mail: Pick<OutboxMail, 'text'>, path: string): string {
  const match = new RegExp(`${path}\\?token=([A-Za-z0-9_%-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in mail: ${mail.text}`);
  return decodeURIComponent(match[1]);
}
