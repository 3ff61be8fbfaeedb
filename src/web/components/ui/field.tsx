import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';

interface FieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** A single input-like element; it receives id, aria-invalid and aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
  required?: boolean;
}

/** Label, control and error message wired together for screen readers. */
export function Field({ label, error, hint, children, required }: FieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? messageId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className="space-y-1">
      <div className="flex items-baseline gap-1">
        <label htmlFor={id} className="block text-sm font-medium text-ink">
          {label}
        </label>
        {/* Outside the label so the accessible name stays exactly the label text. */}
        {required ? (
          <span aria-hidden="true" className="text-sm text-red-600">
            *
          </span>
        ) : null}
      </div>
      {isValidElement(children)
        ? cloneElement(children, {
            id,
            'aria-invalid': error ? true : undefined,
            'aria-required': required || undefined,
            'aria-describedby': describedBy || undefined,
          })
        : children}
      {hint ? (
        <p id={hintId} className="text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={messageId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
