import { eq } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { penceToPounds, poundsToPence } from '@/shared/money';
import type { TasteProfile, TasteProfileBody } from '../recommendations.schema';
import type { TasteSignals } from './find-taste-signals';
import { tasteProfiles } from './recommendations.tables';

/** The profile in pence, as ranking uses it. */
export interface TasteProfileValues {
  genres: string[];
  mediums: string[];
  budgetMin: number | null;
  budgetMax: number | null;
  isStated: boolean;
}

export function toTasteProfile(values: TasteProfileValues): TasteProfile {
  return {
    genres: values.genres,
    mediums: values.mediums,
    budgetMin: penceToPounds(values.budgetMin),
    budgetMax: penceToPounds(values.budgetMax),
    isStated: values.isStated,
  };
}

function topValues(entries: [string | null, number][], count: number): string[] {
  const totals = new Map<string, number>();
  for (const [value, weight] of entries) {
    if (!value) continue;
    totals.set(value, (totals.get(value) ?? 0) + weight);
  }
  return [...totals]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, count)
    .map(([value]) => value);
}

/**
 * The profile read from activity: the genres and mediums of the titles the producer weighs
 * most, and a budget around their offers' prices (else the price ranges of what they liked).
 */
export function deriveTasteProfile(signals: TasteSignals): TasteProfileValues {
  const weighted = signals.listings.filter((signal) => signal.kind !== 'view' || signal.weight > 1);
  const genres = topValues(
    weighted.map((signal) => [signal.genre, signal.weight]),
    3,
  );
  const mediums = topValues(
    weighted.map((signal) => [signal.medium, signal.weight]),
    2,
  );
  let budgetMin: number | null = null;
  let budgetMax: number | null = null;
  if (signals.offerPrices.length > 0) {
    budgetMin = Math.round((Math.min(...signals.offerPrices) * 0.75) / 100_000) * 100_000;
    budgetMax = Math.round((Math.max(...signals.offerPrices) * 1.25) / 100_000) * 100_000;
  } else {
    const mins = weighted.flatMap((signal) =>
      signal.suggestedOfferMin === null ? [] : [signal.suggestedOfferMin],
    );
    const maxes = weighted.flatMap((signal) =>
      signal.suggestedOfferMax === null ? [] : [signal.suggestedOfferMax],
    );
    if (mins.length > 0 && maxes.length > 0) {
      budgetMin = Math.min(...mins);
      budgetMax = Math.max(...maxes);
    }
  }
  return { genres, mediums, budgetMin, budgetMax, isStated: false };
}

/** The producer's saved profile, or null. */
export async function findStatedTasteProfile(
  db: Executor,
  userId: number,
): Promise<TasteProfileValues | null> {
  const [row] = await db.select().from(tasteProfiles).where(eq(tasteProfiles.userId, userId));
  if (!row) return null;
  return {
    genres: row.genres,
    mediums: row.mediums,
    budgetMin: row.budgetMinPence,
    budgetMax: row.budgetMaxPence,
    isStated: true,
  };
}

/** PUT /api/recommendations/profile: the producer states their taste (it wins over activity). */
export async function saveTasteProfile(
  db: Executor,
  userId: number,
  body: TasteProfileBody,
): Promise<TasteProfile> {
  const dedupe = (values: string[]) => [...new Set(values.map((value) => value.trim()))];
  const values = {
    genres: dedupe(body.genres),
    mediums: dedupe(body.mediums),
    budgetMinPence: poundsToPence(body.budgetMin),
    budgetMaxPence: poundsToPence(body.budgetMax),
    updatedAt: new Date(),
  };
  await db
    .insert(tasteProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: tasteProfiles.userId, set: values });
  return toTasteProfile({
    genres: values.genres,
    mediums: values.mediums,
    budgetMin: values.budgetMinPence,
    budgetMax: values.budgetMaxPence,
    isStated: true,
  });
}
