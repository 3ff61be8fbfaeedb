import { useState } from 'react';
import { Heart } from 'lucide-react';
import { LOGGED_OUT_REDIRECT_MS, useLoggedOutRedirect } from '@/domains/accounts/web';
import type { ListingCard } from '@/domains/listings/listings.schema';
import { Button } from '@/web/components/ui/button';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage, isUnauthorizedError } from '@/web/lib/api-client';
import { cn } from '@/web/lib/cn';
import { paths } from '@/shared/paths';
import { useFavouriteIds } from '../api/get-favourites';
import { useToggleFavourite } from '../api/toggle-favourite';

interface FavouriteButtonProps {
  listing: ListingCard;
  /** Called after the server accepted the change (for activity tracking). */
  onToggled?: (isFavorited: boolean) => void;
  className?: string;
}

/** The heart on a listing: pressed when favourited, toggled optimistically. */
export function FavouriteButton({ listing, onToggled, className }: FavouriteButtonProps) {
  const favouriteIds = useFavouriteIds();
  const toggle = useToggleFavourite();
  const toast = useToast();
  const [isSessionGone, setIsSessionGone] = useState(false);
  // The spec sends the visitor to /api/login; our sign-in page is /auth.
  useLoggedOutRedirect(isSessionGone, {
    loginRequired: 'Please log in to keep favourites',
    sessionEnded: { to: paths.auth, delayMs: LOGGED_OUT_REDIRECT_MS },
  });
  const isFavorited = favouriteIds.data?.has(listing.id) ?? false;

  // Not `disabled` while busy: a disabled button drops keyboard focus.
  const isBusy = favouriteIds.isPending || toggle.isPending;

  const onClick = () => {
    if (isBusy) return;
    const wanted = !isFavorited;
    toggle.mutate(
      { listing, isFavorited: wanted },
      {
        onSuccess: () => onToggled?.(wanted),
        onError: (error) => {
          if (isUnauthorizedError(error)) {
            setIsSessionGone(true);
            return;
          }
          toast({
            title: 'Error',
            description: errorMessage(error, 'Failed to update favourites'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <Button
      variant="ghost"
      size="icon"
      aria-pressed={isFavorited}
      aria-label={isFavorited ? 'Remove from favourites' : 'Add to favourites'}
      aria-busy={isBusy}
      onClick={onClick}
      className={cn('rounded-full', className)}
    >
      <Heart
        aria-hidden="true"
        className={cn('h-5 w-5', isFavorited ? 'fill-red-500 text-red-500' : 'text-ink-muted')}
      />
    </Button>
  );
}
