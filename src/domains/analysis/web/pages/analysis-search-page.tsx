import { useState, type FormEvent } from 'react';
import { SearchX } from 'lucide-react';
import { PremiumGate } from '@/domains/membership/web';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Input, Select } from '@/web/components/ui/input';
import { LoadError } from '@/web/components/ui/load-error';
import { PageHeader } from '@/web/components/ui/page-header';
import { Spinner } from '@/web/components/ui/spinner';
import { usePageTitle } from '@/web/lib/use-page-title';
import {
  MARKET_SIZES,
  NO_ANALYSES_FOUND,
  PRODUCTION_COMPLEXITIES,
  ROI_POTENTIALS,
  SEARCH_PAGE_SIZE,
} from '../../analysis.constants';
import type { SearchQuery } from '../../analysis.schema';
import { useSearchAnalyses } from '../api/search-analyses';
import { AnalysisCard } from './analysis-card';

type Filters = {
  minScore: string;
  maxScore: string;
  marketSize: string;
  productionComplexity: string;
  roiPotential: string;
};
const EMPTY: Filters = {
  minScore: '',
  maxScore: '',
  marketSize: '',
  productionComplexity: '',
  roiPotential: '',
};

function toQuery(filters: Filters, offset: number): Partial<SearchQuery> {
  const query: Record<string, string | number> = { limit: SEARCH_PAGE_SIZE, offset };
  for (const [key, value] of Object.entries(filters)) if (value !== '') query[key] = value;
  return query as Partial<SearchQuery>;
}

function Results({
  filters,
  offset,
  onPage,
}: {
  filters: Filters;
  offset: number;
  onPage: (offset: number) => void;
}) {
  const search = useSearchAnalyses(toQuery(filters, offset));
  if (search.isPending) return <Spinner label="Searching analyses" />;
  if (search.isError) {
    return <LoadError title="Unable to search analyses" onRetry={() => void search.refetch()} />;
  }
  const { results, totalFound, totalAnalyzed } = search.data;
  if (results.length === 0) return <EmptyState icon={SearchX} title={NO_ANALYSES_FOUND} />;
  return (
    <div className="space-y-3">
      <p className="text-sm text-ink-muted">
        {totalFound} of {totalAnalyzed} analysed listings match · showing {offset + 1}–
        {offset + results.length}
      </p>
      <ul className="space-y-3">
        {results.map((item) => (
          <AnalysisCard
            key={item.listingId}
            item={item}
            extra={
              <p className="text-sm text-ink-soft">
                Market {item.marketSize ?? 'n/a'} · complexity {item.productionComplexity ?? 'n/a'}{' '}
                · audience {item.targetDemographic} · analysed{' '}
                {new Date(item.lastAnalyzedAt).toLocaleDateString('en-GB')}
              </p>
            }
          />
        ))}
      </ul>
      <div className="flex gap-2">
        <Button
          variant="outline"
          disabled={offset === 0}
          onClick={() => onPage(Math.max(0, offset - SEARCH_PAGE_SIZE))}
        >
          Previous
        </Button>
        <Button
          variant="outline"
          disabled={offset + SEARCH_PAGE_SIZE >= totalFound}
          onClick={() => onPage(offset + SEARCH_PAGE_SIZE)}
        >
          Next
        </Button>
      </div>
    </div>
  );
}

/** /commercial-analysis-search (premium): filters and pages of 20 (part 2 sections 2 and 9). */
export default function AnalysisSearchPage() {
  usePageTitle('Commercial Analysis Search');
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [offset, setOffset] = useState(0);
  const set = (key: keyof Filters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setOffset(0);
  };
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader
        title="Commercial Analysis Search"
        description="Find analysed titles by score, market size, production complexity and ROI potential."
      />
      <PremiumGate
        prompt={{
          feature: 'commercialAnalysisSearch',
          title: 'Premium Feature',
          description: 'Searching commercial analyses is part of Premium.',
        }}
      >
        <form
          onSubmit={submit}
          className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6"
          aria-label="Search filters"
        >
          <label className="space-y-1 text-sm font-medium text-ink">
            Min score
            <Input
              type="number"
              min={0}
              max={100}
              value={draft.minScore}
              onChange={set('minScore')}
            />
          </label>
          <label className="space-y-1 text-sm font-medium text-ink">
            Max score
            <Input
              type="number"
              min={0}
              max={100}
              value={draft.maxScore}
              onChange={set('maxScore')}
            />
          </label>
          <label className="space-y-1 text-sm font-medium text-ink">
            Market size
            <Select value={draft.marketSize} onChange={set('marketSize')}>
              <option value="">Any</option>
              {MARKET_SIZES.map((value) => (
                <option key={value}>{value}</option>
              ))}
            </Select>
          </label>
          <label className="space-y-1 text-sm font-medium text-ink">
            Production complexity
            <Select value={draft.productionComplexity} onChange={set('productionComplexity')}>
              <option value="">Any</option>
              {PRODUCTION_COMPLEXITIES.map((value) => (
                <option key={value}>{value}</option>
              ))}
            </Select>
          </label>
          <label className="space-y-1 text-sm font-medium text-ink">
            ROI potential
            <Select value={draft.roiPotential} onChange={set('roiPotential')}>
              <option value="">Any</option>
              {ROI_POTENTIALS.map((value) => (
                <option key={value}>{value}</option>
              ))}
            </Select>
          </label>
          <div className="flex items-end">
            <Button type="submit">Search</Button>
          </div>
        </form>
        <Results filters={filters} offset={offset} onPage={setOffset} />
      </PremiumGate>
    </div>
  );
}
