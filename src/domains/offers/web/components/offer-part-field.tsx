import { useState } from 'react';
import {
  AvailsPicker,
  defaultPart,
  keysOf,
  pickError,
  useListingAvails,
  verdictOf,
  type Part,
  type PickerGrid,
} from '@/domains/rights/web';
import { Skeleton } from '@/web/components/ui/skeleton';

/** The part the form will send, or why it cannot be sent. */
export type OfferPartChoice =
  { kind: 'none' } | { kind: 'part'; part: Part } | { kind: 'invalid'; message: string };

/**
 * The part a new offer covers (issue 29), chosen from the listing's grid, starting on every
 * free cell (or the largest block of them). With no grid (a server without avails, or a
 * listing with no media or territories) there is nothing to choose and the offer names no
 * part: the server takes it as the whole listing.
 */
export function useOfferPart(listingId: number) {
  const avails = useListingAvails(listingId);
  const data = avails.data ?? null;
  const grid: PickerGrid | null =
    data && data.cells.length > 0
      ? { media: data.media, territories: data.territories, cells: data.cells }
      : null;
  // Chosen once, when the grid first arrives; a refetch (after a 409) keeps the choice.
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const shown = chosen ?? (grid ? keysOf(defaultPart(grid)) : new Set<string>());

  const choice = (): OfferPartChoice => {
    if (!grid) return { kind: 'none' };
    const verdict = verdictOf(grid, shown);
    const problem = pickError(verdict);
    return problem ? { kind: 'invalid', message: problem } : { kind: 'part', part: verdict.part };
  };
  return {
    grid,
    isLoading: avails.isPending,
    chosen: shown,
    setChosen,
    choice,
    refresh: () => void avails.refetch(),
  };
}

export function OfferPartField({
  offerPart,
  disabled,
}: {
  offerPart: ReturnType<typeof useOfferPart>;
  disabled: boolean;
}) {
  if (offerPart.isLoading) return <Skeleton className="h-40 w-full" />;
  if (!offerPart.grid) return null;
  return (
    <AvailsPicker
      grid={offerPart.grid}
      chosen={offerPart.chosen}
      onChange={offerPart.setChosen}
      disabled={disabled}
    />
  );
}
