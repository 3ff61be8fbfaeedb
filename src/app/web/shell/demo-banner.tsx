import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Info, X } from 'lucide-react';
import { apiRequest } from '@/web/lib/api-client';

const DISMISSED_KEY = 'pts-demo-banner-dismissed';

function wasDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * A slim notice while the app runs on the generated demo catalogue, so nobody takes its totals
 * for real ones. Dismissed once, it stays away on this device.
 */
export function DemoBanner() {
  const [isDismissed, setIsDismissed] = useState(wasDismissed);
  const platform = useQuery({
    queryKey: ['platform'],
    queryFn: () => apiRequest<{ isDemo: boolean }>('/api/platform'),
    staleTime: Infinity,
    enabled: !isDismissed,
  });
  if (isDismissed || !platform.data?.isDemo) return null;

  const dismiss = () => {
    setIsDismissed(true);
    try {
      localStorage.setItem(DISMISSED_KEY, 'true');
    } catch {
      // Blocked storage: hidden for this visit only.
    }
  };
  return (
    <div
      role="region"
      aria-label="Demonstration data"
      className="border-b border-amber-200 bg-accent-100 text-sm text-ink"
    >
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-1.5 sm:px-6 lg:px-8">
        <Info aria-hidden="true" className="h-4 w-4 shrink-0 text-accent-700" />
        <p className="flex-1">
          Demonstration data: the listings, agents and totals shown here are generated examples, not
          real titles or deals.
        </p>
        <button
          type="button"
          onClick={dismiss}
          aria-label="Dismiss the demonstration data notice"
          className="rounded p-1 text-ink-soft hover:bg-amber-200/60"
        >
          <X aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
    </div>
  );
}
