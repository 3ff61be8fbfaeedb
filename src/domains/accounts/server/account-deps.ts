import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '@/server/deps';
import type { Mailer, MailMessage } from '@/server/mail/mailer';

/** What the account use cases need from the app (`app` itself satisfies it). */
export type AccountDeps = Pick<AppDeps, 'db' | 'mailer' | 'config'>;

/** The request and reply whose session cookie a use case sets or clears. */
export interface SessionContext {
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Sends without making the answer wait, for the endpoints whose answer must not reveal
 * whether an email is registered: waiting for SMTP only on the "exists" path would show in
 * the response time. The mailer records and logs failures itself and never throws.
 */
export function sendWithoutWaiting(mailer: Mailer, message: MailMessage): void {
  void mailer.send(message);
}
