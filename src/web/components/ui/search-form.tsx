import { useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { Button } from './button';
import { Input } from './input';

interface SearchFormProps {
  id: string;
  /** The field's accessible name ('Search listings by title or author'). */
  label: string;
  /** The submit button's accessible name. */
  buttonLabel: string;
  /** Show the button's name beside its icon (otherwise the icon alone carries it). */
  showButtonLabel?: boolean;
  placeholder?: string;
  maxLength?: number;
  /** Called with the trimmed text when the form is submitted. */
  onSearch: (text: string) => void;
}

/** A search box that searches when submitted (Enter or the button), not on every keystroke. */
export function SearchForm({
  id,
  label,
  buttonLabel,
  showButtonLabel = false,
  placeholder,
  maxLength = 200,
  onSearch,
}: SearchFormProps) {
  const [draft, setDraft] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="flex gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Input
        id={id}
        type="search"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        placeholder={placeholder}
        maxLength={maxLength}
      />
      <Button
        type="submit"
        variant="outline"
        aria-label={showButtonLabel ? undefined : buttonLabel}
      >
        <Search aria-hidden="true" className="h-4 w-4" />
        {showButtonLabel ? buttonLabel : null}
      </Button>
    </form>
  );
}
