import { useId, useState } from 'react';
import { X } from 'lucide-react';
import { errorMessage } from '@/web/lib/api-client';
import { GALLERY_IMAGES_MAX } from '../../listing-form.schema';
import { LISTING_IMAGE_ACCEPT, uploadListingImage } from './upload-listing-image';

interface GalleryImagesFieldProps {
  value: string[] | undefined;
  onChange: (urls: string[]) => void;
  error?: string;
}

/**
 * The gallery: several images chosen at once, each uploaded as it is chosen (checked by its
 * bytes, stored as WebP), shown in order with a button to take each one out.
 */
export function GalleryImagesField({ value = [], onChange, error }: GalleryImagesFieldProps) {
  const id = useId();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [failures, setFailures] = useState<string[]>([]);
  const room = GALLERY_IMAGES_MAX - value.length;

  const upload = async (files: File[]) => {
    const chosen = files.slice(0, room);
    const skipped = files.length - chosen.length;
    const problems: string[] =
      skipped > 0 ? [`${skipped} not added: a gallery holds at most ${GALLERY_IMAGES_MAX}`] : [];
    const added: string[] = [];
    setProgress({ done: 0, total: chosen.length });
    for (const [index, file] of chosen.entries()) {
      try {
        added.push(await uploadListingImage(file));
      } catch (uploadError) {
        problems.push(`${file.name}: ${errorMessage(uploadError, 'could not be uploaded')}`);
      }
      setProgress({ done: index + 1, total: chosen.length });
    }
    onChange([...value, ...added]);
    setFailures(problems);
    setProgress(null);
  };

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        Gallery images
      </label>
      <input
        id={id}
        type="file"
        multiple
        accept={LISTING_IMAGE_ACCEPT}
        disabled={progress !== null || room <= 0}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length > 0) void upload(files);
        }}
        className="block text-sm text-ink-soft file:mr-3 file:rounded-md file:border file:border-line file:bg-surface file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-ink"
      />
      <p id={`${id}-hint`} className="text-xs text-ink-muted">
        Up to {GALLERY_IMAGES_MAX} images (stills, artwork, mood boards), each at most 10MB.
        Producers see them beside the cover.
      </p>
      {progress ? (
        <div className="space-y-1">
          <progress
            className="h-2 w-full"
            max={progress.total}
            value={progress.done}
            aria-label="Uploading gallery images"
          />
          <p role="status" className="text-sm text-ink-muted">
            Uploading {progress.done} of {progress.total}…
          </p>
        </div>
      ) : null}
      {failures.length > 0 ? (
        <ul role="alert" className="list-inside list-disc text-sm text-red-700">
          {failures.map((failure) => (
            <li key={failure}>{failure}</li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {value.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label="Gallery">
          {value.map((url, position) => (
            <li key={url} className="relative">
              <img
                src={url}
                alt={`Gallery image ${position + 1} of ${value.length}`}
                className="aspect-[2/3] w-full rounded-md bg-surface-sunken object-contain"
              />
              <button
                type="button"
                onClick={() => onChange(value.filter((other) => other !== url))}
                aria-label={`Remove gallery image ${position + 1}`}
                className="absolute right-1 top-1 rounded-full bg-surface/90 p-1 text-ink shadow focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                <X aria-hidden="true" className="h-3.5 w-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
