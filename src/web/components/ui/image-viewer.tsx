import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, ImageOff, X } from 'lucide-react';
import { cn } from '@/web/lib/cn';

export interface ViewerImage {
  src: string;
  alt: string;
}

interface ImageViewerProps {
  images: ViewerImage[];
  /** The image shown, or null when the viewer is closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
  /** The dialog's accessible name, e.g. the listing title. */
  title: string;
}

const navButton =
  'absolute top-1/2 -translate-y-1/2 rounded-full bg-black/60 p-2 text-white hover:bg-black/80';

/**
 * A full-size image viewer: a modal dialog (focus stays inside, Escape or the close button
 * closes it, focus returns to what opened it), with previous and next for several images
 * (buttons or the arrow keys).
 */
export function ImageViewer({ images, index, onIndexChange, title }: ImageViewerProps) {
  const isOpen = index !== null && index >= 0 && index < images.length;
  const image = isOpen ? images[index] : null;
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const hasMany = images.length > 1;
  // No Dialog.Trigger opens this viewer, so focus goes back by hand to what opened it.
  const openerRef = useRef<HTMLElement | null>(null);

  const step = (delta: number) => {
    if (index === null || !hasMany) return;
    onIndexChange((index + delta + images.length) % images.length);
  };
  // The content fills the screen: a click on the dark space around the image closes it.
  const onBackdropClick = (event: MouseEvent) => {
    if (event.target === event.currentTarget) onIndexChange(null);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') step(-1);
    if (event.key === 'ArrowRight') step(1);
  };

  return (
    <Dialog.Root open={isOpen} onOpenChange={(open) => (open ? undefined : onIndexChange(null))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/80" />
        <Dialog.Content
          onKeyDown={onKeyDown}
          onClick={onBackdropClick}
          onOpenAutoFocus={() => {
            openerRef.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            openerRef.current?.focus();
          }}
          className="fixed inset-0 z-50 flex items-center justify-center p-4 outline-none sm:p-10"
        >
          <Dialog.Title className="sr-only">{title}</Dialog.Title>
          <Dialog.Description className="sr-only">
            {image ? image.alt : ''}
            {hasMany && index !== null ? ` (image ${index + 1} of ${images.length})` : ''}
          </Dialog.Description>
          {image && failedSrc !== image.src ? (
            <img
              src={image.src}
              alt={image.alt}
              onError={() => setFailedSrc(image.src)}
              className="max-h-full max-w-full rounded object-contain shadow-2xl"
            />
          ) : (
            <div className="flex flex-col items-center gap-2 text-slate-200">
              <ImageOff aria-hidden="true" className="h-16 w-16" />
              <p>Image unavailable</p>
            </div>
          )}
          {hasMany ? (
            <>
              <button
                type="button"
                aria-label="Previous image"
                onClick={() => step(-1)}
                className={cn(navButton, 'left-2 sm:left-4')}
              >
                <ChevronLeft aria-hidden="true" className="h-6 w-6" />
              </button>
              <button
                type="button"
                aria-label="Next image"
                onClick={() => step(1)}
                className={cn(navButton, 'right-2 sm:right-4')}
              >
                <ChevronRight aria-hidden="true" className="h-6 w-6" />
              </button>
            </>
          ) : null}
          <Dialog.Close
            aria-label="Close image viewer"
            className="absolute top-3 right-3 rounded-full bg-black/60 p-2 text-white hover:bg-black/80"
          >
            <X aria-hidden="true" className="h-6 w-6" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
