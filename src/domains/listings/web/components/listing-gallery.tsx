import { useState } from 'react';
import { ImageOff } from 'lucide-react';

interface ListingGalleryProps {
  images: string[];
  title: string;
  /** Opens the viewer on the gallery image at this position. */
  onOpen: (position: number) => void;
}

function GalleryThumbnail({
  src,
  label,
  onOpen,
}: {
  src: string;
  label: string;
  onOpen: () => void;
}) {
  const [hasFailed, setHasFailed] = useState(false);
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={`View ${label}`}
      className="flex aspect-square w-full items-center justify-center overflow-hidden rounded-md bg-surface-sunken text-slate-400"
    >
      {hasFailed ? (
        <ImageOff aria-hidden="true" className="h-8 w-8" />
      ) : (
        <img
          src={src}
          alt=""
          loading="lazy"
          onError={() => setHasFailed(true)}
          className="h-full w-full object-cover"
        />
      )}
    </button>
  );
}

/** The listing's Images: thumbnails that each open the full-size viewer. */
export function ListingGallery({ images, title, onOpen }: ListingGalleryProps) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
      {images.map((src, position) => (
        <li key={`${position}-${src}`}>
          <GalleryThumbnail
            src={src}
            label={`image ${position + 1} of ${images.length} for ${title}`}
            onOpen={() => onOpen(position)}
          />
        </li>
      ))}
    </ul>
  );
}
