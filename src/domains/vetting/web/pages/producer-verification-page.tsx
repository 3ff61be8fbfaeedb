import { useState, type FormEvent } from 'react';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { Input, Textarea } from '@/web/components/ui/input';
import { LoadError } from '@/web/components/ui/load-error';
import { PageHeader } from '@/web/components/ui/page-header';
import { Spinner } from '@/web/components/ui/spinner';
import { errorMessage } from '@/web/lib/api-client';
import { usePageTitle } from '@/web/lib/use-page-title';
import { VETTING_MESSAGES } from '../../vetting.schema';
import { useApplyForVerification, useMyVerification } from '../api/vetting';

const STATUS_TEXT = {
  pending: 'Your application is waiting for review. We will email you the outcome.',
  approved: 'You are a verified producer: agents see the badge on your offers and posts.',
  rejected: 'Your last application was not approved. You may apply again below.',
} as const;

/** Parses "Title, 2021, Producer" lines into credits (the form keeps one line per credit). */
function parseCredits(text: string) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [title = '', year = '', ...role] = line.split(',').map((part) => part.trim());
      return { title, year: Number(year), role: role.join(', ') };
    });
}

function ApplicationForm() {
  const apply = useApplyForVerification();
  const [form, setForm] = useState({
    company: '',
    role: '',
    website: '',
    credits: '',
    reference: '',
  });
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((previous) => ({ ...previous, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply.mutate({ ...form, credits: parseCredits(form.credits) });
  };
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Apply for verification">
      <Field label="Company" required>
        <Input value={form.company} onChange={set('company')} />
      </Field>
      <Field label="Your role" required>
        <Input value={form.role} onChange={set('role')} />
      </Field>
      <Field label="Website" required hint="The full address, starting with https://">
        <Input value={form.website} onChange={set('website')} />
      </Field>
      <Field
        label="Credits"
        required
        hint="One per line: title, year, your role (e.g. The Quiet Shore, 2022, Producer)"
      >
        <Textarea rows={4} value={form.credits} onChange={set('credits')} />
      </Field>
      <Field label="Reference" required hint="Who can vouch for you, and how to reach them">
        <Textarea rows={2} value={form.reference} onChange={set('reference')} />
      </Field>
      {apply.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(apply.error, 'Unable to send your application')}
        </p>
      ) : null}
      {apply.isSuccess ? (
        <p role="status" className="text-sm text-green-800">
          {VETTING_MESSAGES.applied}
        </p>
      ) : null}
      <Button type="submit" disabled={apply.isPending}>
        Apply for verification
      </Button>
    </form>
  );
}

/** /producer-verification: a producer's verification status and application (issue 35). */
export default function ProducerVerificationPage() {
  usePageTitle('Producer verification');
  const mine = useMyVerification();
  const status = mine.data?.application?.status;
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader
        title="Producer verification"
        description="Verified producers carry a badge agents trust, and may make offers on listings open only to them."
      />
      {mine.isPending ? (
        <Spinner label="Loading your verification" />
      ) : mine.isError ? (
        <LoadError title="Unable to load your verification" onRetry={() => void mine.refetch()} />
      ) : (
        <>
          {status ? (
            <p className="flex flex-wrap items-center gap-2 text-sm text-ink" role="status">
              <Badge tone={status === 'approved' ? 'teal' : status === 'pending' ? 'amber' : 'red'}>
                {status === 'approved'
                  ? 'Verified'
                  : status === 'pending'
                    ? 'Pending'
                    : 'Not approved'}
              </Badge>
              {STATUS_TEXT[status]}
            </p>
          ) : null}
          {status === 'pending' || status === 'approved' ? null : <ApplicationForm />}
        </>
      )}
    </div>
  );
}
