import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Job } from './jobs/job-runner';
import type { AccountDeletionStep } from './account-deletion';
import type { PaymentHandler, StripeEventHandler } from './payments/payment-handlers';

/**
 * What app.ts hands every room's `routes` plugin as its options: what all rooms together
 * contribute that one room acts on. Today only the payments room reads it (it dispatches a
 * payment's new state and Stripe's other events to the rooms that take money); the others
 * ignore it, so no room has to be wired by hand to another in app.ts.
 */
export interface RoomRoutesOptions {
  /** Every room's `paymentHandlers`, merged (keys are a payment's `metadata.kind`). */
  paymentHandlers: Record<string, PaymentHandler>;
  /** Every room's `stripeEventHandlers`, concatenated in the order rooms are listed. */
  stripeEventHandlers: StripeEventHandler[];
  /** Every room's `accountDeletion`, in the order rooms are listed (accounts runs them). */
  accountDeletionSteps: AccountDeletionStep[];
}

/** A room's routes plugin: it may ignore the options (most do). */
export type RoomRoutes = FastifyPluginAsyncZod<RoomRoutesOptions>;

/**
 * What a room (src/domains/<room>) gives the app through its server front door
 * (`server/index.ts`). `src/app/server/app.ts` keeps one list of these and registers each in
 * one loop, so adding a room is one line there and nothing else outside the room changes.
 */
export interface RoomModule {
  name: string;
  /** Routes registered under `/api`, with the options above. */
  routes?: RoomRoutes;
  /** Routes outside `/api` (public paths such as `/images/covers/...`). */
  publicRoutes?: FastifyPluginAsyncZod;
  /**
   * Scheduled work, safe with several instances (see jobs/job-runner.ts). The app passes
   * itself; a job should hand its use cases only the deps they name (`Pick<AppDeps, ...>`).
   */
  jobs?: (app: FastifyInstance) => Job[];
  /** What a payment's new state means for this room, by the payment's `metadata.kind`. */
  paymentHandlers?: Record<string, PaymentHandler>;
  /** Stripe events that are not about one PaymentIntent (Checkout, subscriptions...). */
  stripeEventHandlers?: StripeEventHandler[];
  /**
   * What the room settles and erases when an account is deleted (its holds, listings,
   * favourites...): accounts' deleteAccount runs every room's step (decision 007).
   */
  accountDeletion?: AccountDeletionStep;
  /**
   * What must be true before this instance takes traffic (`/api/ready`), e.g. the listings
   * room's catalogue index is built. Each check answers quickly and never throws.
   */
  readiness?: (app: FastifyInstance) => ReadinessCheck[];
}

export interface ReadinessCheck {
  name: string;
  isReady(): boolean | Promise<boolean>;
}
