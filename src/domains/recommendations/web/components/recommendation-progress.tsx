import { useEffect, useState } from 'react';
import { INITIAL_PROGRESS } from '../../recommendations.constants';
import { useRecommendationProgress } from '../api/get-recommendation-progress';

/**
 * The progress bar while recommendations are generated: the server's stage and percent,
 * polled every 800 ms; if a poll fails, it creeps up 3 at a time to at most 85 (part 1 section 7).
 */
export function RecommendationProgress({ isLoading }: { isLoading: boolean }) {
  const progress = useRecommendationProgress(isLoading);
  const [shown, setShown] = useState(INITIAL_PROGRESS);
  const [stage, setStage] = useState('Starting');

  useEffect(() => {
    // A 100 read before this generation has started is the previous run's: ignore it.
    if (progress.data && progress.data.progress < 100) {
      setShown((previous) => Math.max(previous, progress.data.progress));
      setStage(progress.data.stage);
    }
  }, [progress.data]);
  useEffect(() => {
    if (progress.isError) setShown((previous) => Math.min(85, previous + 3));
  }, [progress.isError, progress.errorUpdatedAt]);

  return (
    <div className="space-y-2" aria-live="polite">
      <div
        role="progressbar"
        aria-label="Generating recommendations"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={shown}
        className="h-2 w-full overflow-hidden rounded-full bg-surface-sunken"
      >
        <div className="h-full bg-brand-600 transition-all" style={{ width: `${shown}%` }} />
      </div>
      <p className="text-sm text-ink-soft">
        {stage} ({shown}%)
      </p>
    </div>
  );
}
