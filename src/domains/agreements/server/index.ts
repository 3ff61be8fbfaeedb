/**
 * The agreements room's server front door (decision 016): the option agreement of an accepted
 * offer, issued from the agreed term sheet, signed by both parties, sealed (audit trail and
 * the platform's digital signature), mailed, filed in the chain of title, and verifiable by
 * anyone at /agreements/verify. Agreements depends on offers (it reads the offer and its term
 * sheet through the offers front door); offers never imports agreements: it runs the step
 * registered below once an acceptance's capture has committed.
 */
import type { FastifyInstance } from 'fastify';
import { onOfferAccepted } from '@/domains/offers/server';
import type { RoomModule } from '@/server/room-module';
import { agreementsRoutes } from './agreements.routes';
import { completeUnfinishedAgreements } from './complete-agreement';
import { generateAgreementSafely, generateMissingAgreements } from './option-agreement';

onOfferAccepted(generateAgreementSafely);

export const agreementsRoom: RoomModule = {
  name: 'agreements',
  routes: agreementsRoutes,
  jobs: (app: FastifyInstance) => [
    {
      // Option agreements of accepted offers not made yet (decision 016): after the capture
      // committed, never inside it. Then agreements both parties signed that are not yet
      // sealed (audit trail, digital signature), mailed or filed in the chain of title.
      // (It keeps its name from when offers held it, so its metrics and logs read as before.)
      name: 'offers:agreements',
      intervalMs: 60 * 1000,
      run: async () => ({
        generated: await generateMissingAgreements(app),
        completed: await completeUnfinishedAgreements(app),
      }),
    },
  ],
};

/** The offers:agreements job's first half, for tests and scripts that drive it by hand. */
export { generateMissingAgreements } from './option-agreement';

/**
 * What the options room (issue 34) needs, without agreements importing it: a step run once an
 * agreement is sealed (the option's clock starts), sealing its notices like the agreement,
 * reading a stored file, and /verify-agreement recognising its notices.
 */
export { onAgreementSealed, type AfterSeal, type AfterSealDeps } from './agreement-sealed';
export { sealDocument, type SealedDocument } from './seal-document';
export { readStoredFile } from './seal-agreement';
export {
  registerDocumentVerifier,
  type DocumentVerifier,
  type VerifiedDocument,
} from './document-verifiers';
