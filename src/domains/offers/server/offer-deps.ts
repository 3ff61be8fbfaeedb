import type { AppDeps } from '@/server/deps';

/**
 * What the offer use cases that move money and send mail need from the app. A route passes
 * `app` (it has all of them); a job, a script or a test may pass just these.
 */
export type OfferDeps = Pick<AppDeps, 'db' | 'payments' | 'mailer' | 'config' | 'log'> & {
  /**
   * The Storage port, where the caller has it (the app does): an acceptance then makes its
   * option agreement at once, whoever completed it; without it the offers:agreements job does.
   */
  storage?: AppDeps['storage'];
};

/** The money side only: the database and the payment provider (and a log for warnings). */
export type HoldDeps = Pick<AppDeps, 'db' | 'payments' | 'log'>;
