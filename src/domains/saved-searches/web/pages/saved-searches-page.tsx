import { Link } from 'react-router';
import { Search } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Select } from '@/web/components/ui/input';
import { LoadError } from '@/web/components/ui/load-error';
import { PageHeader } from '@/web/components/ui/page-header';
import { Spinner } from '@/web/components/ui/spinner';
import { usePageTitle } from '@/web/lib/use-page-title';
import { paths } from '@/shared/paths';
import { SAVED_SEARCH_FREQUENCIES, type SavedSearchFrequency } from '../../saved-searches.schema';
import {
  useDeleteSavedSearch,
  useSavedSearches,
  useUpdateSavedSearch,
} from '../api/saved-searches';

const FREQUENCY_LABELS: Record<SavedSearchFrequency, string> = {
  immediate: 'Email at once',
  daily: 'Daily digest',
  weekly: 'Weekly digest',
  off: 'No emails',
};

/** /saved-searches: the producer's saved catalogue searches and how their alerts come. */
export default function SavedSearchesPage() {
  usePageTitle('Saved searches');
  const searches = useSavedSearches();
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader
        title="Saved searches"
        description="New titles matching these searches appear under the bell, and by email as you choose."
      />
      {searches.isPending ? (
        <Spinner label="Loading saved searches" />
      ) : searches.isError ? (
        <LoadError title="Unable to load saved searches" onRetry={() => void searches.refetch()} />
      ) : searches.data.length === 0 ? (
        <EmptyState
          icon={Search}
          title="No saved searches"
          text="Search the catalogue, then choose 'Save this search'."
        />
      ) : (
        <ul className="divide-y divide-line rounded-lg border border-line">
          {searches.data.map((search) => (
            <li key={search.id} className="flex flex-wrap items-center gap-3 p-4">
              <Link
                to={`${paths.listings}?${new URLSearchParams(search.query as Record<string, string>).toString()}`}
                className="flex-1 font-medium text-ink hover:underline"
              >
                {search.name}
              </Link>
              <label className="sr-only" htmlFor={`frequency-${search.id}`}>
                Alerts for {search.name}
              </label>
              <Select
                id={`frequency-${search.id}`}
                className="h-9 w-auto py-1"
                value={search.frequency}
                onChange={(event) =>
                  update.mutate({
                    id: search.id,
                    frequency: event.target.value as SavedSearchFrequency,
                  })
                }
              >
                {SAVED_SEARCH_FREQUENCIES.map((frequency) => (
                  <option key={frequency} value={frequency}>
                    {FREQUENCY_LABELS[frequency]}
                  </option>
                ))}
              </Select>
              <Button variant="ghost" size="sm" onClick={() => remove.mutate(search.id)}>
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
