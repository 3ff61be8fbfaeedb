import { eq } from 'drizzle-orm';
import type { PlatformUser } from '@/server/platform-user';
import type { AppDeps } from '@/server/deps';
import {
  recommendationFeedback,
  recommendationImpressions,
  recommendationProgress,
  tasteProfiles,
} from './recommendations.tables';

/** An account is deleted: the person's feedback, taste profile, progress and impressions go. */
export async function eraseUserRecommendations(
  deps: Pick<AppDeps, 'db'>,
  user: PlatformUser,
): Promise<void> {
  const { db } = deps;
  await db.delete(recommendationFeedback).where(eq(recommendationFeedback.userId, user.id));
  await db.delete(tasteProfiles).where(eq(tasteProfiles.userId, user.id));
  await db.delete(recommendationProgress).where(eq(recommendationProgress.userId, user.id));
  await db.delete(recommendationImpressions).where(eq(recommendationImpressions.userId, user.id));
}
