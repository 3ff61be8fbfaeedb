import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/web/components/ui/button';
import { Textarea } from '@/web/components/ui/input';
import { COMMENT_MAX_LENGTH } from '../../comments.constants';
import { CommentContentSchema, isBlankComment } from '../../comments.schema';

export interface CommentFormProps {
  /** The text area's accessible name ('Add a comment', 'Reply to Priya'...). */
  label: string;
  submitLabel: string;
  placeholder?: string;
  initialValue?: string;
  isPending: boolean;
  /** Resolves true when the text was accepted (the form then clears). */
  onSubmit: (content: string) => Promise<boolean>;
  onCancel?: () => void;
  autoFocus?: boolean;
}

/**
 * A comment, reply or edit (part 1 section 5): the live 'n/1000 characters' counter, and the
 * button disabled while the text is blank. The shared schema checks it before it is sent.
 */
export function CommentForm({
  label,
  submitLabel,
  placeholder,
  initialValue = '',
  isPending,
  onSubmit,
  onCancel,
  autoFocus,
}: CommentFormProps) {
  const [content, setContent] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = CommentContentSchema.safeParse(content);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check your comment');
      return;
    }
    setError(null);
    if (await onSubmit(content)) setContent('');
  };

  return (
    <form onSubmit={submit} className="space-y-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Textarea
        id={id}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        placeholder={placeholder}
        maxLength={COMMENT_MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        autoFocus={autoFocus}
        rows={3}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={`${id}-count`} className="text-xs text-ink-muted" aria-live="polite">
          {content.length}/{COMMENT_MAX_LENGTH} characters
        </p>
        <div className="flex gap-2">
          {onCancel ? (
            <Button variant="outline" size="sm" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" size="sm" disabled={isBlankComment(content) || isPending}>
            {isPending ? 'Saving…' : submitLabel}
          </Button>
        </div>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
