import { useState } from 'react';
import { ShieldCheck } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Field } from '@/web/components/ui/field';
import { Textarea } from '@/web/components/ui/input';
import { LoadError } from '@/web/components/ui/load-error';
import { PageHeader } from '@/web/components/ui/page-header';
import { Spinner } from '@/web/components/ui/spinner';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import { usePageTitle } from '@/web/lib/use-page-title';
import type { PendingApplications } from '../../vetting.schema';
import { useDecideApplication, usePendingApplications } from '../api/vetting';

type PendingApplication = PendingApplications['applications'][number];

function ApplicationCard({ application }: { application: PendingApplication }) {
  const decide = useDecideApplication();
  const toast = useToast();
  const [notes, setNotes] = useState('');
  const act = (status: 'approved' | 'rejected') =>
    decide.mutate(
      { id: application.id, status, notes: notes || undefined },
      {
        onSuccess: (answer) => toast({ title: answer.message, variant: 'success' }),
        onError: (error) =>
          toast({ title: errorMessage(error, 'Unable to decide'), variant: 'destructive' }),
      },
    );
  return (
    <li className="space-y-3 rounded-lg border border-line p-4">
      <h2 className="text-lg font-semibold text-ink">
        {application.producerName} · {application.company}
      </h2>
      <dl className="grid gap-1 text-sm text-ink sm:grid-cols-[8rem_1fr]">
        <dt className="text-ink-muted">Email</dt>
        <dd>{application.producerEmail}</dd>
        <dt className="text-ink-muted">Role</dt>
        <dd>{application.role}</dd>
        <dt className="text-ink-muted">Website</dt>
        <dd>{application.website}</dd>
        <dt className="text-ink-muted">Credits</dt>
        <dd>
          <ul>
            {application.credits.map((credit, index) => (
              <li key={index}>
                {credit.title} ({credit.year}), {credit.role}
              </li>
            ))}
          </ul>
        </dd>
        <dt className="text-ink-muted">Reference</dt>
        <dd>{application.reference}</dd>
      </dl>
      <Field label="Notes to the producer">
        <Textarea rows={2} value={notes} onChange={(event) => setNotes(event.target.value)} />
      </Field>
      <div className="flex gap-2">
        <Button onClick={() => act('approved')} disabled={decide.isPending}>
          Verify {application.producerName}
        </Button>
        <Button variant="outline" onClick={() => act('rejected')} disabled={decide.isPending}>
          Reject
        </Button>
      </div>
    </li>
  );
}

/** /admin/producer-applications: producers waiting to be verified, oldest first (issue 35). */
export default function AdminProducerApplicationsPage() {
  usePageTitle('Producer applications');
  const pending = usePendingApplications();
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader
        title="Producer applications"
        description="Check each producer's credits and reference; every decision is audited and emailed."
      />
      {pending.isPending ? (
        <Spinner label="Loading applications" />
      ) : pending.isError ? (
        <LoadError title="Unable to load applications" onRetry={() => void pending.refetch()} />
      ) : pending.data.applications.length === 0 ? (
        <EmptyState icon={ShieldCheck} title="No applications waiting" text="All caught up." />
      ) : (
        <ul className="space-y-4">
          {pending.data.applications.map((application) => (
            <ApplicationCard key={application.id} application={application} />
          ))}
        </ul>
      )}
    </div>
  );
}
