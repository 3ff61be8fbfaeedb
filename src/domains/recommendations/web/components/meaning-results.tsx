import { useState, type FormEvent, type ReactNode } from 'react';
import { Sparkles, X } from 'lucide-react';
import type { ListingCard } from '@/domains/listings/listings.schema';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { cn } from '@/web/lib/cn';
import { MEANING_MAX_LENGTH, MEANING_MIN_LENGTH } from '../../recommendations.constants';
import { useMeaningSearch } from '../api/search-by-meaning';

const MEANING_PAGE = 12;

/**
 * The catalogue's 'Describe what you want' mode: a description ranked by meaning (blended
 * with the keyword rank of its words), within the catalogue's current filters. The keyword
 * search and its results stay as they are below.
 */
export function MeaningResults<Layout extends string>({
  filterParams,
  layout,
  renderListing,
}: {
  filterParams: URLSearchParams;
  layout: Layout;
  renderListing: (listing: ListingCard, layout: Layout) => ReactNode;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const [text, setText] = useState('');
  const [meaning, setMeaning] = useState('');
  const [limit, setLimit] = useState(MEANING_PAGE);
  const params = new URLSearchParams(filterParams);
  params.delete('search');
  params.delete('sort');
  params.set('meaning', meaning);
  params.set('limit', String(limit));
  const results = useMeaningSearch(params, { enabled: meaning.length >= MEANING_MIN_LENGTH });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setLimit(MEANING_PAGE);
    setMeaning(text.trim());
  };
  const close = () => {
    setIsOpen(false);
    setMeaning('');
    setText('');
  };

  if (!isOpen) {
    return (
      <Button variant="outline" size="sm" onClick={() => setIsOpen(true)}>
        <Sparkles className="h-4 w-4" aria-hidden="true" />
        Describe what you want
      </Button>
    );
  }
  return (
    <section
      aria-label="Search by meaning"
      className="order-last basis-full space-y-3 rounded-lg border border-line p-4"
    >
      <form
        className="flex flex-wrap gap-2"
        onSubmit={onSubmit}
        role="search"
        aria-label="Search by meaning"
      >
        <label htmlFor="meaning-search" className="sr-only">
          Describe what you want
        </label>
        <Input
          id="meaning-search"
          className="min-w-60 flex-1"
          placeholder="e.g. a family drama on the English coast"
          maxLength={MEANING_MAX_LENGTH}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" disabled={text.trim().length < MEANING_MIN_LENGTH}>
          Find by meaning
        </Button>
        <Button type="button" variant="ghost" onClick={close} aria-label="Close search by meaning">
          <X className="h-4 w-4" aria-hidden="true" />
        </Button>
      </form>
      {meaning.length < MEANING_MIN_LENGTH ? (
        <p className="text-sm text-ink-muted">
          Describe a story in your own words; titles close in meaning come first, within your
          filters.
        </p>
      ) : results.isPending ? (
        <Spinner label="Finding titles close in meaning" />
      ) : results.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Search by meaning failed. Please try again.
        </p>
      ) : results.data.items.length === 0 ? (
        <p className="text-sm text-ink-soft">No listings match your filters.</p>
      ) : (
        <>
          <p role="status" className="text-sm font-medium text-ink-soft">
            Closest in meaning to ‘{meaning}’
          </p>
          <ul
            className={cn(
              'grid grid-cols-1 gap-4',
              layout === 'grid' && 'sm:grid-cols-2 2xl:grid-cols-3',
              results.isPlaceholderData && 'opacity-60',
            )}
          >
            {results.data.items.map((listing) => (
              <li key={listing.id}>{renderListing(listing, layout)}</li>
            ))}
          </ul>
          {results.data.total > results.data.items.length ? (
            <Button
              variant="outline"
              onClick={() => setLimit((current) => Math.min(96, current + MEANING_PAGE))}
            >
              More like this
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
