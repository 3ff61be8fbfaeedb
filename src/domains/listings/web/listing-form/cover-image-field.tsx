import { useId, useState } from 'react';
import { ImagePlus } from 'lucide-react';
import { errorMessage } from '@/web/lib/api-client';
import { LISTING_IMAGE_ACCEPT, uploadListingImage } from './upload-listing-image';

interface CoverImageFieldProps {
  value: string | null | undefined;
  onChange: (url: string | null) => void;
}

/**
 * The cover: chosen here, uploaded at once (POST /api/listings/images, checked by its bytes
 * and stored as WebP), previewed whole. Without one the listing gets a generated cover.
 */
export function CoverImageField({ value, onChange }: CoverImageFieldProps) {
  const id = useId();
  const [state, setState] = useState<{ isUploading: boolean; error: string | null }>({
    isUploading: false,
    error: null,
  });

  const upload = async (file: File) => {
    setState({ isUploading: true, error: null });
    try {
      onChange(await uploadListingImage(file));
      setState({ isUploading: false, error: null });
    } catch (error) {
      setState({
        isUploading: false,
        error: errorMessage(error, 'The image could not be uploaded'),
      });
    }
  };

  return (
    <div className="flex items-start gap-4">
      <div className="flex aspect-[2/3] w-24 shrink-0 items-center justify-center overflow-hidden rounded-md bg-surface-sunken">
        {value ? (
          <img src={value} alt="The cover you chose" className="h-full w-full object-contain" />
        ) : (
          <ImagePlus aria-hidden="true" className="h-8 w-8 text-ink-muted" />
        )}
      </div>
      <div className="space-y-1.5">
        <label htmlFor={id} className="block text-sm font-medium text-ink">
          Cover image
        </label>
        <input
          id={id}
          type="file"
          accept={LISTING_IMAGE_ACCEPT}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
          className="block text-sm text-ink-soft file:mr-3 file:rounded-md file:border file:border-line file:bg-surface file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-ink"
        />
        <p id={`${id}-hint`} className="text-xs text-ink-muted">
          JPEG, PNG, WebP, GIF or AVIF, at most 10MB. Without one, a cover is drawn for you.
        </p>
        {state.isUploading ? (
          <p role="status" className="text-sm text-ink-muted">
            Uploading…
          </p>
        ) : null}
        {state.error ? (
          <p role="alert" className="text-sm text-red-700">
            {state.error}
          </p>
        ) : null}
        {value && !state.isUploading ? (
          <p role="status" className="text-sm text-green-800">
            Cover uploaded
          </p>
        ) : null}
      </div>
    </div>
  );
}
