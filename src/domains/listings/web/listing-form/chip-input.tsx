import { useId, useState, type KeyboardEvent } from 'react';
import { X } from 'lucide-react';
import { Input } from '@/web/components/ui/input';

interface ChipInputProps {
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
  error?: string;
  placeholder?: string;
  required?: boolean;
}

/**
 * Themes and keywords as chips (spec part 2 section 5): Enter adds the trimmed text unless
 * it is empty or already there (any case); each chip has its own remove button.
 */
export function ChipInput({
  label,
  values,
  onChange,
  error,
  placeholder,
  required = false,
}: ChipInputProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [notice, setNotice] = useState<string | null>(null);

  const add = () => {
    const value = text.trim();
    if (!value) {
      setNotice('Enter a value');
      return;
    }
    if (values.some((existing) => existing.toLowerCase() === value.toLowerCase())) {
      setNotice('Already added');
      return;
    }
    onChange([...values, value]);
    setText('');
    setNotice(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  const message = notice ?? error;
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline gap-1">
        <label htmlFor={id} className="block text-sm font-medium text-ink">
          {label}
        </label>
        {required ? (
          <span aria-hidden="true" className="text-sm text-red-600">
            *
          </span>
        ) : null}
      </div>
      <Input
        id={id}
        value={text}
        placeholder={placeholder ?? 'Type and press Enter'}
        onChange={(event) => {
          setText(event.target.value);
          setNotice(null);
        }}
        onKeyDown={onKeyDown}
        aria-describedby={message ? `${id}-message` : undefined}
        aria-invalid={message ? true : undefined}
        aria-required={required || undefined}
      />
      {message ? (
        <p id={`${id}-message`} className="text-sm text-red-700">
          {message}
        </p>
      ) : null}
      {values.length > 0 ? (
        <ul aria-label={`${label} added`} className="flex flex-wrap gap-1.5">
          {values.map((value) => (
            <li
              key={value}
              className="inline-flex items-center gap-1 rounded-full bg-surface-sunken py-0.5 pr-1 pl-2.5 text-sm text-ink"
            >
              {value}
              <button
                type="button"
                onClick={() => onChange(values.filter((existing) => existing !== value))}
                aria-label={`Remove ${value}`}
                className="rounded-full p-0.5 hover:bg-line"
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
