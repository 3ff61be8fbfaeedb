import { cn } from '@/web/lib/cn';
import { matchBand, type MatchBand } from '../../recommendations.constants';

const BAND_CLASSES: Record<MatchBand, string> = {
  green: 'bg-green-100 text-green-800',
  yellow: 'bg-yellow-100 text-yellow-800',
  orange: 'bg-orange-100 text-orange-800',
};

/** The match badge: green at 80+, yellow at 60+, else orange (part 1 section 2). */
export function MatchBadge({ score }: { score: number }) {
  return (
    <span
      data-band={matchBand(score)}
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        BAND_CLASSES[matchBand(score)],
      )}
    >
      {score}% match
    </span>
  );
}
