import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { BookOpen, Sparkles } from 'lucide-react';
import { useCurrentUser } from '@/domains/accounts/web';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { EmptyState } from '@/web/components/ui/empty-state';
import { PanelBoundary } from '@/web/components/ui/error-boundary';
import { LoadError } from '@/web/components/ui/load-error';
import { PageHeader } from '@/web/components/ui/page-header';
import { PageNav } from '@/web/components/ui/page-nav';
import { SearchForm } from '@/web/components/ui/search-form';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Spinner } from '@/web/components/ui/spinner';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import { usePageTitle } from '@/web/lib/use-page-title';
import { paths } from '@/shared/paths';
import { ENRICHMENT_MESSAGES, GOOGLE_BOOKS_BATCH } from '../../enrichment.constants';
import type { BookEnrichment, BookListing, Suggestion } from '../../enrichment.schema';
import { useEnrichmentServices } from '../api/get-enrichment-services';
import {
  useApplyBookEnrichment,
  useBatchEnrichBooks,
  useBookBatch,
  useBookEnrichment,
  useBookListings,
  useGoogleBooksSearch,
} from '../api/google-books';
import { EnrichmentProgress } from '../components/enrichment-progress';
import { NotConfigured } from '../components/not-configured';
import { describeBook, RunResults } from '../components/run-results';

const PART_OF: Record<Suggestion['field'], string> = {
  coverImage: 'updateCoverImage',
  pageCount: 'updatePageCount',
  genre: 'updateGenre',
  metadata: 'addMetadata',
};
const PART_LABEL: Record<Suggestion['field'], string> = {
  coverImage: 'Cover',
  pageCount: 'Page count',
  genre: 'Genre',
  metadata: 'Book details',
};

function BookListingRow({
  listing,
  isSelected,
  isChecked,
  onSelect,
  onCheck,
}: {
  listing: BookListing;
  isSelected: boolean;
  isChecked: boolean;
  onSelect: () => void;
  onCheck: (checked: boolean) => void;
}) {
  return (
    <li
      className={`flex items-start gap-3 rounded-md border p-3 ${isSelected ? 'border-brand-600 bg-brand-50' : 'border-line bg-white'}`}
    >
      <input
        type="checkbox"
        className="mt-1 h-4 w-4"
        checked={isChecked}
        onChange={(event) => onCheck(event.target.checked)}
        aria-label={`Add ${listing.title} to the batch`}
      />
      <button type="button" onClick={onSelect} className="flex-1 text-left">
        <span className="block font-medium text-ink">{listing.title}</span>
        <span className="block text-sm text-ink-muted">
          {listing.author} · #{listing.id}
          {listing.pages ? ` · ${listing.pages} pages` : ''}
        </span>
        <span className="mt-1 flex flex-wrap gap-1.5">
          {listing.enrichedAt ? (
            <Badge tone="green">
              From Google Books on {new Date(listing.enrichedAt).toLocaleDateString('en-GB')}
            </Badge>
          ) : null}
          {listing.enrichmentStatus ? <Badge tone="slate">{listing.enrichmentStatus}</Badge> : null}
        </span>
      </button>
    </li>
  );
}

function EnrichmentDetails({ listingId }: { listingId: number }) {
  const [volumeId, setVolumeId] = useState<string | undefined>();
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<Record<string, boolean>>({});
  const enrichment = useBookEnrichment(listingId, volumeId);
  const search = useGoogleBooksSearch(query);
  const apply = useApplyBookEnrichment(listingId);
  const toast = useToast();

  const applyChosen = (data: BookEnrichment) => {
    const body = Object.fromEntries(
      data.suggestions.map((s) => [PART_OF[s.field], chosen[s.field] ?? false]),
    );
    apply.mutate(
      { ...body, volumeId: data.match?.book.id },
      {
        onSuccess: (result) =>
          toast({
            title: 'Enrichment applied',
            description: result.applied.length
              ? `Updated: ${result.applied.map((part) => PART_LABEL[part]).join(', ')}`
              : 'Nothing was changed.',
            variant: 'success',
          }),
        onError: (failure) =>
          toast({
            title: ENRICHMENT_MESSAGES.failed,
            description: errorMessage(failure, 'Enrichment failed'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Google Books match</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {enrichment.isPending ? (
            <Skeleton className="h-40 w-full" />
          ) : enrichment.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(enrichment.error, 'The match could not be loaded')}
            </p>
          ) : !enrichment.data.match ? (
            <p className="text-sm text-ink-muted">
              Google Books has no match for this listing. Search below and choose the book.
            </p>
          ) : (
            <MatchView
              data={enrichment.data}
              chosen={chosen}
              onChoose={(field, value) => setChosen((current) => ({ ...current, [field]: value }))}
              onApply={() => applyChosen(enrichment.data)}
              isApplying={apply.isPending}
              onPickAlternative={setVolumeId}
            />
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Search Google Books</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          <SearchForm
            id="books-search"
            label="Title, author or ISBN"
            buttonLabel="Search"
            showButtonLabel
            placeholder="Title, author or isbn:..."
            onSearch={setQuery}
          />
          {search.isFetching ? <Spinner label="Searching" /> : null}
          {search.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(search.error, 'The search failed')}
            </p>
          ) : null}
          {search.data ? (
            search.data.books.length === 0 ? (
              <p className="text-sm text-ink-muted">No books found.</p>
            ) : (
              <ul className="space-y-2" aria-label="Google Books results">
                {search.data.books.map((book) => (
                  <li
                    key={book.id}
                    className="flex items-center justify-between gap-3 rounded-md border border-line p-2"
                  >
                    <span className="text-sm">
                      <span className="font-medium text-ink">{book.title}</span>
                      <span className="block text-ink-muted">
                        {book.authors.join(', ')}
                        {book.publishedDate ? ` · ${book.publishedDate}` : ''}
                        {book.pageCount ? ` · ${book.pageCount} pages` : ''}
                      </span>
                    </span>
                    <Button size="sm" variant="outline" onClick={() => setVolumeId(book.id)}>
                      Use this book
                    </Button>
                  </li>
                ))}
              </ul>
            )
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}

function MatchView({
  data,
  chosen,
  onChoose,
  onApply,
  isApplying,
  onPickAlternative,
}: {
  data: BookEnrichment;
  chosen: Record<string, boolean>;
  onChoose: (field: string, value: boolean) => void;
  onApply: () => void;
  isApplying: boolean;
  onPickAlternative: (volumeId: string) => void;
}) {
  const match = data.match!;
  const enriched = data.enrichedData;
  const isConfident = !match.isAmbiguous && match.confidence >= 80;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-ink">{match.book.title}</span>
        <span className="text-sm text-ink-muted">by {match.book.authors.join(', ')}</span>
        <Badge tone={isConfident ? 'green' : 'amber'}>Confidence {match.confidence}%</Badge>
        <Badge tone="slate">
          {match.method === 'isbn'
            ? 'By ISBN'
            : match.method === 'chosen'
              ? 'Chosen'
              : 'By title and author'}
        </Badge>
        {match.isAmbiguous ? <Badge tone="amber">Ambiguous: check before applying</Badge> : null}
      </div>
      {enriched ? (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
          <dt className="text-ink-muted">Pages</dt>
          <dd className="sm:col-span-2">{enriched.pageCount ?? '—'}</dd>
          <dt className="text-ink-muted">Publisher</dt>
          <dd className="sm:col-span-2">{enriched.publisher ?? '—'}</dd>
          <dt className="text-ink-muted">Rating</dt>
          <dd className="sm:col-span-2">
            {enriched.averageRating !== null
              ? `${enriched.averageRating} (${(enriched.ratingsCount ?? 0).toLocaleString('en-GB')} ratings)`
              : '—'}
          </dd>
          <dt className="text-ink-muted">Categories</dt>
          <dd className="sm:col-span-2">{enriched.categories.join('; ') || '—'}</dd>
          <dt className="text-ink-muted">Market presence</dt>
          <dd className="sm:col-span-2">
            {enriched.commercialIndicators.marketPresence} · popularity{' '}
            {enriched.commercialIndicators.popularityScore}
          </dd>
        </dl>
      ) : null}
      {data.alternatives.length > 0 ? (
        <div className="space-y-1 text-sm">
          <p className="font-medium text-ink">Other candidates</p>
          <ul className="flex flex-wrap gap-2">
            {data.alternatives.map((book) => (
              <li key={book.id}>
                <Button size="sm" variant="outline" onClick={() => onPickAlternative(book.id)}>
                  {book.title} — {book.authors.join(', ')}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {data.suggestions.length === 0 ? (
        <p className="text-sm text-ink-muted">
          The listing already has everything this book offers.
        </p>
      ) : (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-ink">
            Suggestions: choose what to apply
          </legend>
          {data.suggestions.map((suggestion) => (
            <label key={suggestion.field} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 h-4 w-4"
                checked={chosen[suggestion.field] ?? false}
                onChange={(event) => onChoose(suggestion.field, event.target.checked)}
              />
              <span>
                <span className="font-medium">{PART_LABEL[suggestion.field]}</span>:{' '}
                {suggestion.message}
              </span>
            </label>
          ))}
          <Button onClick={onApply} disabled={isApplying || !Object.values(chosen).some(Boolean)}>
            <Sparkles aria-hidden="true" className="h-4 w-4" />
            {isApplying ? 'Applying...' : 'Apply selected'}
          </Button>
        </fieldset>
      )}
    </div>
  );
}

function BatchPanel({ listingIds, onDone }: { listingIds: number[]; onDone: () => void }) {
  const [autoApply, setAutoApply] = useState(true);
  const [runId, setRunId] = useState<number | null>(null);
  const batch = useBatchEnrichBooks();
  const progress = useBookBatch(runId);
  const toast = useToast();
  const start = () =>
    batch.mutate(
      { listingIds, autoApply },
      {
        onSuccess: (result) => {
          setRunId(result.runId);
          onDone();
        },
        onError: (failure) =>
          toast({
            title: ENRICHMENT_MESSAGES.failed,
            description: errorMessage(failure, 'Enrichment failed'),
            variant: 'destructive',
          }),
      },
    );
  const data = progress.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Batch enrich</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="h-4 w-4"
            checked={autoApply}
            onChange={(event) => setAutoApply(event.target.checked)}
          />
          Apply confident matches automatically (ambiguous matches are never applied)
        </label>
        <Button onClick={start} disabled={listingIds.length === 0 || batch.isPending}>
          Enrich {listingIds.length} selected
        </Button>
        <p className="text-xs text-ink-muted">At most {GOOGLE_BOOKS_BATCH.max} listings a batch.</p>
        {data ? (
          <div className="space-y-3">
            <EnrichmentProgress
              label={`${data.summary.totalProcessed} of ${data.summary.total} processed · ${data.summary.applied} applied · ${data.summary.ambiguous} ambiguous · ${data.summary.errors} errors`}
              percentage={
                data.summary.total ? (data.summary.totalProcessed / data.summary.total) * 100 : 100
              }
            />
            {data.status === 'failed' && data.lastError ? (
              <p role="alert" className="text-sm text-red-700">
                {ENRICHMENT_MESSAGES.failed}: {data.lastError}
              </p>
            ) : null}
            <RunResults results={data.results} describe={describeBook} />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function BookDashboard() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [checked, setChecked] = useState<number[]>([]);
  const listings = useBookListings(search, page, true);

  const check = (id: number, isChecked: boolean) =>
    setChecked((current) =>
      isChecked
        ? current.includes(id) || current.length >= GOOGLE_BOOKS_BATCH.max
          ? current
          : [...current, id]
        : current.filter((other) => other !== id),
    );

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
      <div className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>Book listings</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3">
            <SearchForm
              id="book-listings-search"
              label="Search book listings by title or author"
              buttonLabel="Search listings"
              placeholder="Title or author"
              onSearch={(text) => {
                setSearch(text);
                setPage(1);
              }}
            />
            {listings.isPending ? (
              <Skeleton className="h-64 w-full" />
            ) : listings.isError ? (
              <LoadError title="Listings could not be loaded" onRetry={() => listings.refetch()} />
            ) : listings.data.listings.length === 0 ? (
              <p className="text-sm text-ink-muted">No book listings match.</p>
            ) : (
              <>
                <ul className="space-y-2" aria-label="Book listings">
                  {listings.data.listings.map((listing) => (
                    <BookListingRow
                      key={listing.id}
                      listing={listing}
                      isSelected={listing.id === selectedId}
                      isChecked={checked.includes(listing.id)}
                      onSelect={() => setSelectedId(listing.id)}
                      onCheck={(value) => check(listing.id, value)}
                    />
                  ))}
                </ul>
                <PageNav
                  label="Pages"
                  page={page}
                  totalPages={listings.data.totalPages}
                  onPageChange={setPage}
                />
              </>
            )}
          </CardContent>
        </Card>
        <PanelBoundary title="Batch enrich">
          <BatchPanel listingIds={checked} onDone={() => setChecked([])} />
        </PanelBoundary>
      </div>
      <PanelBoundary title="Enrichment">
        {selectedId === null ? (
          <EmptyState
            icon={BookOpen}
            title="Choose a listing"
            text="Pick a book listing to see its Google Books match, the data found and the suggestions."
          />
        ) : (
          <div className="space-y-2">
            <Link
              to={paths.listing(selectedId)}
              className="text-sm text-brand-700 underline underline-offset-2"
            >
              Open listing #{selectedId}
            </Link>
            <EnrichmentDetails key={selectedId} listingId={selectedId} />
          </div>
        )}
      </PanelBoundary>
    </div>
  );
}

/** /data-enrichment: the book enrichment dashboard (admins). */
export default function DataEnrichmentPage() {
  usePageTitle('Book enrichment');
  const { user, isLoading } = useCurrentUser();
  const services = useEnrichmentServices();
  if (isLoading) return <Spinner label="Loading" />;
  if (!user || user.role !== 'admin') return <Navigate to={paths.home} replace />;
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader
        eyebrow="Admin"
        title="Book enrichment"
        description="Match book listings to Google Books by ISBN or by title and author, see what it knows, and apply the cover, page count, genre and details you choose."
      />
      {services.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : services.isError ? (
        <LoadError
          title={ENRICHMENT_MESSAGES.statusUnavailable}
          onRetry={() => services.refetch()}
        />
      ) : !services.data.googleBooks.isConfigured ? (
        <NotConfigured service="Google Books" setting={services.data.googleBooks.setting} />
      ) : (
        <BookDashboard />
      )}
    </div>
  );
}
