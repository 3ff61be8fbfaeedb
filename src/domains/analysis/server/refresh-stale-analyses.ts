import type { Executor } from '@/server/db/client';
import { findStaleListings, STALE_SCAN_WINDOW } from './find-stale-listings';
import type { GenreActivity } from './load-genre-activity';
import { refreshAnalyses } from './refresh-analyses';

/**
 * Where the between-runs sweep is in the catalogue, per database. Kept in memory: after a
 * restart the sweep starts again from the first listing, which only means one more lap.
 */
interface Sweep {
  cursor: number;
  /** Stale listings found in the last window and not yet analysed. */
  pending: number[];
  atEnd: boolean;
  /** Stale listings found since the lap began: none means the catalogue is up to date. */
  foundThisLap: number;
  /** After a lap that found nothing, no new lap before this time (ms since the epoch). */
  restUntil: number;
}

/**
 * The pause after a lap that found nothing: a lap over 100,000 listings is 200 windows, so
 * starting one every 5 s tick would keep a core busy for a catalogue with nothing to do.
 * Edited listings still reach the dashboard within a minute, and a read recomputes a stale
 * analysis on the spot.
 */
export const STALE_LAP_PAUSE_MS = 60_000;

const sweeps = new WeakMap<object, Sweep>();

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Starts the sweep of this database afresh (a new lap, no rest). For a database emptied and
 * filled again under the same handle, as the tests' per-worker database is between files.
 */
export function restartStaleSweep(db: Executor): void {
  sweeps.delete(db);
}

function sweepOf(db: Executor): Sweep {
  let sweep = sweeps.get(db);
  if (!sweep) {
    sweep = { cursor: 0, pending: [], atEnd: false, foundThisLap: 0, restUntil: 0 };
    sweeps.set(db, sweep);
  }
  return sweep;
}

export type SweepStep =
  | { kind: 'analysed'; count: number }
  | { kind: 'scanned' }
  /** The lap reached the last listing; `upToDate` when it found nothing stale. */
  | { kind: 'lap-done'; upToDate: boolean };

/**
 * One bounded step of the between-runs sweep that brings listings never analysed, analysed by
 * an older engine, or edited since their analysis up to date: either analyse up to `slice`
 * stale listings already found, or look at the next window of ids for more. Each step is one
 * or a few short statements, whatever the catalogue's size.
 */
export async function refreshStaleAnalyses(
  db: Executor,
  options: {
    now: Date;
    slice: number;
    genreActivity: () => Promise<Map<string, GenreActivity>>;
    window?: number;
  },
): Promise<SweepStep> {
  const sweep = sweepOf(db);
  if (sweep.pending.length > 0) {
    const ids = sweep.pending.splice(0, options.slice);
    const genreActivity = await options.genreActivity();
    await yieldToEventLoop();
    await refreshAnalyses(db, ids, { now: options.now, force: true, genreActivity });
    return { kind: 'analysed', count: ids.length };
  }
  if (sweep.atEnd) {
    const upToDate = sweep.foundThisLap === 0;
    sweeps.set(db, {
      cursor: 0,
      pending: [],
      atEnd: false,
      foundThisLap: 0,
      restUntil: upToDate ? options.now.getTime() + STALE_LAP_PAUSE_MS : 0,
    });
    return { kind: 'lap-done', upToDate };
  }
  if (sweep.cursor === 0 && options.now.getTime() < sweep.restUntil) {
    return { kind: 'lap-done', upToDate: true };
  }
  const found = await findStaleListings(db, sweep.cursor, options.window ?? STALE_SCAN_WINDOW);
  sweep.cursor = found.lastId;
  sweep.atEnd = found.atEnd;
  sweep.pending.push(...found.staleIds);
  sweep.foundThisLap += found.staleIds.length;
  return { kind: 'scanned' };
}
