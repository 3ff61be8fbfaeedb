import { useState } from 'react';
import { ImageOff, Maximize2 } from 'lucide-react';
import { coverSizeOf } from '../../listings.constants';

interface ListingCoverProps {
  src: string | null;
  title: string;
  /** The listing's medium: its cover is drawn, and boxed, in that medium's proportion. */
  medium: string;
  /** Opens the full-size viewer on the cover. */
  onOpen: () => void;
}

/** The detail page's cover: a button opening the full-size viewer; an icon when it fails. */
export function ListingCover({ src, title, medium, onOpen }: ListingCoverProps) {
  const [hasFailed, setHasFailed] = useState(false);
  const size = coverSizeOf(medium);
  const aspectRatio = `${size.width} / ${size.height}`;
  if (!src || hasFailed) {
    return (
      <div
        role="img"
        aria-label={hasFailed ? 'Cover image failed to load' : 'No cover image'}
        style={{ aspectRatio }}
        className="flex w-full items-center justify-center rounded-lg bg-surface-sunken text-ink-muted"
      >
        <ImageOff aria-hidden="true" className="h-16 w-16" />
      </div>
    );
  }
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={`View full-size cover of ${title}`}
      className="group relative block w-full overflow-hidden rounded-lg bg-surface-sunken shadow-sm"
    >
      <img
        src={src}
        data-cover
        alt={`Cover of ${title}`}
        width={size.width}
        height={size.height}
        style={{ aspectRatio }}
        onError={() => setHasFailed(true)}
        className="h-auto w-full object-contain transition-transform group-hover:scale-[1.02]"
      />
      <span className="absolute right-2 bottom-2 rounded-full bg-black/60 p-2 text-white">
        <Maximize2 aria-hidden="true" className="h-4 w-4" />
      </span>
    </button>
  );
}
