import type { FastifyInstance } from 'fastify';
import type { Job } from '@/server/jobs/job-runner';
import { now } from '@/server/clock';
import {
  fileMissingReversionRecords,
  lapseDueGrants,
  type ReversionDeps,
} from './lapse-due-grants';

/** The rights room's scheduled work (its RoomModule's `jobs`). */
export function rightsJobs(app: FastifyInstance): Job[] {
  const deps: ReversionDeps = app;
  return [
    {
      // Options whose period (and any extension) has ended revert to available (issue 29).
      name: 'rights:reversion',
      intervalMs: 60 * 1000,
      run: async () => {
        const at = now();
        return {
          lapsed: (await lapseDueGrants(deps, at)).length,
          recordsFiled: await fileMissingReversionRecords(deps, at),
        };
      },
    },
  ];
}
