import { eq } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { INITIAL_PROGRESS } from '../recommendations.constants';
import type { ProgressResponse } from '../recommendations.schema';
import { recommendationProgress } from './recommendations.tables';

/** Records how far a producer's generation has got (any instance may answer the poll). */
export async function setRecommendationProgress(
  db: Executor,
  userId: number,
  percent: number,
  stage: string,
): Promise<void> {
  const values = {
    stage,
    percent: Math.max(0, Math.min(100, Math.round(percent))),
    updatedAt: new Date(),
  };
  await db
    .insert(recommendationProgress)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: recommendationProgress.userId, set: values });
}

/** GET /api/recommendations/progress: the stage of the last generation (5 before any). */
export async function getRecommendationProgress(
  db: Executor,
  userId: number,
): Promise<ProgressResponse> {
  const [row] = await db
    .select({ stage: recommendationProgress.stage, percent: recommendationProgress.percent })
    .from(recommendationProgress)
    .where(eq(recommendationProgress.userId, userId));
  return row
    ? { progress: row.percent, stage: row.stage }
    : { progress: INITIAL_PROGRESS, stage: 'Starting' };
}
