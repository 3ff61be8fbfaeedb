import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { CheckCircle2, FileUp } from 'lucide-react';
import { errorMessage, isUnauthorizedError } from '@/web/lib/api-client';
import { DECK_ACCEPT, DECK_MAX_BYTES } from '../../offers.constants';
import { useUploadDeck } from '../api/upload-deck';

type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; fileName: string; percent: number }
  | { status: 'done'; fileName: string }
  | { status: 'failed'; fileName: string; message: string };

interface DeckUploadFieldProps {
  /** Called with the uploaded deck's path, or null while none is ready. */
  onChange: (deckFileUrl: string | null) => void;
  /** The server answered 401: the session is gone. */
  onUnauthorised: () => void;
  /** The form's message for this field (the deck is required). */
  error?: string;
  disabled?: boolean;
}

/**
 * The proposal deck: uploaded as soon as it is chosen, with a progress bar; the server's
 * refusal (too large, not a deck) is shown under the input.
 */
export function DeckUploadField({
  onChange,
  onUnauthorised,
  error,
  disabled,
}: DeckUploadFieldProps) {
  const id = useId();
  const upload = useUploadDeck();
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    controller.current?.abort();
    onChange(null);
    const file = event.target.files?.[0];
    if (!file) {
      setState({ status: 'idle' });
      return;
    }
    if (file.size > DECK_MAX_BYTES) {
      setState({
        status: 'failed',
        fileName: file.name,
        message: 'This file is larger than 50MB. Please choose a smaller deck.',
      });
      return;
    }
    const current = new AbortController();
    controller.current = current;
    setState({ status: 'uploading', fileName: file.name, percent: 0 });
    upload.mutate(
      {
        file,
        signal: current.signal,
        onProgress: (percent) => {
          if (!current.signal.aborted) {
            setState({ status: 'uploading', fileName: file.name, percent });
          }
        },
      },
      {
        onSuccess: ({ deckFileUrl }) => {
          if (current.signal.aborted) return;
          setState({ status: 'done', fileName: file.name });
          onChange(deckFileUrl);
        },
        onError: (failure) => {
          if (current.signal.aborted) return;
          if (isUnauthorizedError(failure)) onUnauthorised();
          setState({
            status: 'failed',
            fileName: file.name,
            message: errorMessage(failure, 'The deck could not be uploaded. Please try again.'),
          });
        },
      },
    );
  };

  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;
  const message = state.status === 'failed' ? state.message : error;
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        Proposal deck
        <span aria-hidden="true" className="text-red-600">
          {' '}
          *
        </span>
      </label>
      <div className="flex items-center gap-3 rounded-md border border-dashed border-slate-300 bg-surface-page p-3">
        <FileUp aria-hidden="true" className="h-6 w-6 shrink-0 text-ink-muted" />
        <input
          id={id}
          type="file"
          accept={DECK_ACCEPT}
          disabled={disabled}
          onChange={onFileChosen}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${hintId} ${statusId}`}
          className="w-full text-sm text-ink-soft file:mr-3 file:rounded-md file:border-0 file:bg-brand-700 file:px-3 file:py-2 file:text-sm file:font-medium file:text-white hover:file:bg-brand-800"
        />
      </div>
      <p id={hintId} className="text-xs text-ink-muted">
        PDF, PPT, PPTX or Keynote, up to 50MB
      </p>
      <div id={statusId} aria-live="polite">
        {state.status === 'uploading' ? (
          <div className="space-y-1">
            <p className="text-sm text-ink-soft">
              Uploading {state.fileName}… {state.percent}%
            </p>
            <div
              role="progressbar"
              aria-label="Deck upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={state.percent}
              className="h-2 overflow-hidden rounded-full bg-slate-200"
            >
              <div
                className="h-full rounded-full bg-brand-700 transition-[width]"
                style={{ width: `${state.percent}%` }}
              />
            </div>
          </div>
        ) : null}
        {state.status === 'done' ? (
          <p className="flex items-center gap-1.5 text-sm text-green-700">
            <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
            {state.fileName} uploaded
          </p>
        ) : null}
      </div>
      {message ? (
        <p role="alert" className="text-sm text-red-600">
          {message}
        </p>
      ) : null}
    </div>
  );
}
