import { useId, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { Input } from '@/web/components/ui/input';

interface CatalogueSearchBoxProps {
  value: string;
  onChange: (text: string) => void;
  onSubmit: () => void;
  onFocus: () => void;
}

/** The catalogue's search box (the page debounces it into the URL). */
export function CatalogueSearchBox({
  value,
  onChange,
  onSubmit,
  onFocus,
}: CatalogueSearchBoxProps) {
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form role="search" aria-label="Search the catalogue" onSubmit={submit} className="relative">
      <label htmlFor={id} className="sr-only">
        Search listings
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
      />
      <Input
        id={id}
        type="search"
        value={value}
        maxLength={500}
        placeholder="Search by title, author, description or tag"
        onChange={(event) => onChange(event.target.value)}
        onFocus={onFocus}
        className="pl-9"
      />
    </form>
  );
}
