import { useEffect, useState } from 'react';
import { Clock } from 'lucide-react';
import { timeRemaining } from '../lib/offer-display';

/** The current time, refreshed every `intervalMs` (for countdowns). */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * A pending offer's countdown: the card hold only lasts so long, so the agent must answer
 * before the deadline or the hold is released and the offer expires.
 */
export function ResponseDeadline({
  deadline,
  isForAgent = false,
}: {
  deadline: string | null;
  /** The agent reads "Respond within…"; the producer "Agent must respond within…". */
  isForAgent?: boolean;
}) {
  const now = useNow(60 * 1000);
  if (!deadline) return null;
  const left = timeRemaining(deadline, now);
  return (
    <p className="flex items-center gap-1.5 text-sm text-amber-800">
      <Clock aria-hidden="true" className="h-4 w-4 shrink-0" />
      {left
        ? `${isForAgent ? 'Respond within' : 'Agent must respond within'} ${left}`
        : 'The response deadline has passed; the card hold is being released.'}
    </p>
  );
}
