import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  error?: string;
}

/** A checkbox with its label beside it and its error message wired for screen readers. */
export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(
  function CheckboxField({ label, error, ...props }, ref) {
    const id = useId();
    const messageId = `${id}-message`;
    return (
      <div className="space-y-1">
        <div className="flex items-start gap-2">
          <input
            ref={ref}
            id={id}
            type="checkbox"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? messageId : undefined}
            className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 accent-brand-700"
            {...props}
          />
          <label htmlFor={id} className="text-sm text-ink-soft">
            {label}
          </label>
        </div>
        {error ? (
          <p id={messageId} role="alert" className="text-sm text-red-600">
            {error}
          </p>
        ) : null}
      </div>
    );
  },
);
