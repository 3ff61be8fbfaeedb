import { Link } from 'react-router';
import { BellPlus } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import { paths } from '@/shared/paths';
import type { SavedSearchQuery } from '../../saved-searches.schema';
import { useCreateSavedSearch } from '../api/saved-searches';

const SAVED_KEYS = [
  'search',
  'medium',
  'genre',
  'priceRange',
  'commercialViability',
  'rights',
  'territory',
  'exclusivity',
  'availableMedia',
  'availableTerritory',
] as const;

/** 'Save this search': the catalogue's current words and filters, with daily alerts. */
export function SaveSearchButton({ filterParams }: { filterParams: URLSearchParams }) {
  const create = useCreateSavedSearch();
  const toast = useToast();
  const query: Record<string, string> = {};
  for (const key of SAVED_KEYS) {
    const value = filterParams.get(key);
    if (value) query[key] = value;
  }
  if (Object.keys(query).length === 0) return null;
  const name = Object.values(query).join(' · ').slice(0, 100);
  return (
    <div className="flex items-center gap-2">
      <Button
        variant="outline"
        size="sm"
        disabled={create.isPending || create.isSuccess}
        onClick={() =>
          create.mutate(
            { name, query: query as SavedSearchQuery, frequency: 'daily' },
            {
              onSuccess: () =>
                toast({
                  title: 'Search saved',
                  description: 'We will tell you when new titles match it.',
                }),
              onError: (error) =>
                toast({
                  title: 'Error',
                  description: errorMessage(error, 'Failed to save search'),
                }),
            },
          )
        }
      >
        <BellPlus className="h-4 w-4" aria-hidden="true" />
        {create.isSuccess ? 'Search saved' : 'Save this search'}
      </Button>
      {create.isSuccess ? (
        <Link to={paths.savedSearches} className="text-sm text-brand-800 hover:underline">
          Manage saved searches
        </Link>
      ) : null}
    </div>
  );
}
