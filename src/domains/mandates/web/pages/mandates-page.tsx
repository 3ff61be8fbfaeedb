import { useState } from 'react';
import { Link } from 'react-router';
import { Target } from 'lucide-react';
import { useCurrentUser } from '@/domains/accounts/web';
import { buttonClasses } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Input } from '@/web/components/ui/input';
import { LoadError } from '@/web/components/ui/load-error';
import { PageHeader } from '@/web/components/ui/page-header';
import { Spinner } from '@/web/components/ui/spinner';
import { usePageTitle } from '@/web/lib/use-page-title';
import { paths } from '@/shared/paths';
import type { Mandate } from '../../mandates.schema';
import { useMandates, useMyMandates } from '../api/mandates';
import { MandateSummary } from './mandate-summary';

function MandateList({ mandates, label }: { mandates: Mandate[]; label: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-line rounded-lg border border-line">
      {mandates.map((mandate) => (
        <li key={mandate.id} className="p-4">
          <MandateSummary mandate={mandate} />
        </li>
      ))}
    </ul>
  );
}

/** /mandates: what producers are looking for (searchable), and a producer's own mandates. */
export default function MandatesPage() {
  usePageTitle('Mandates');
  const { user } = useCurrentUser();
  const [search, setSearch] = useState('');
  const [submitted, setSubmitted] = useState('');
  const open = useMandates(submitted);
  const isProducer = user?.role === 'producer';
  const mine = useMyMandates(isProducer);
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader
        title="Mandates"
        description="What producers are looking for now. Agents: your matches are on the Mandate matches page."
      />
      {isProducer ? (
        <Link to={paths.newMandate} className={buttonClasses('primary')}>
          Post a mandate
        </Link>
      ) : null}
      {isProducer && mine.data && mine.data.mandates.length > 0 ? (
        <section className="space-y-2">
          <h2 className="text-lg font-semibold text-ink">Your mandates</h2>
          <MandateList mandates={mine.data.mandates} label="Your mandates" />
        </section>
      ) : null}
      <section className="space-y-3">
        <h2 className="text-lg font-semibold text-ink">Open mandates</h2>
        <form
          role="search"
          className="flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setSubmitted(search.trim());
          }}
        >
          <label htmlFor="mandate-search" className="sr-only">
            Search mandates
          </label>
          <Input
            id="mandate-search"
            value={search}
            placeholder="Search mandates, e.g. coastal drama"
            onChange={(event) => setSearch(event.target.value)}
          />
          <button type="submit" className={buttonClasses('outline')}>
            Search
          </button>
        </form>
        {open.isPending ? (
          <Spinner label="Loading mandates" />
        ) : open.isError ? (
          <LoadError title="Unable to load mandates" onRetry={() => void open.refetch()} />
        ) : open.data.mandates.length === 0 ? (
          <EmptyState icon={Target} title="No open mandates" text="Try other words." />
        ) : (
          <MandateList mandates={open.data.mandates} label="Open mandates" />
        )}
      </section>
    </div>
  );
}
