/**
 * The inbox room's server front door (decision 016): questions before an offer — threads
 * between a producer and a listing's agent, their messages and the agent's mutes. Counter-offers,
 * term sheets and the option agreement change the offer itself, so the offers room owns them.
 */
import type { RoomModule } from '@/server/room-module';
import { inboxRoutes } from './inbox.routes';

export const inboxRoom: RoomModule = {
  name: 'inbox',
  routes: inboxRoutes,
};

/** A producer's answer to a pitch continues in the inbox (the mandates room, issue 35). */
export { openPitchThread, type PitchThreadInput } from './open-pitch-thread';
