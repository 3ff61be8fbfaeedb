import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Landmark } from 'lucide-react';
import { useCurrentUser } from '@/domains/accounts/web';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { LoadError } from '@/web/components/ui/load-error';
import { PageHeader } from '@/web/components/ui/page-header';
import { Spinner } from '@/web/components/ui/spinner';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import { usePageTitle } from '@/web/lib/use-page-title';
import { BankTransferBodySchema, type Option } from '../../options.schema';
import { paths } from '@/shared/paths';
import { useOptions, useRecordBankTransfer } from '../api/options';

function BankTransferForm({ option }: { option: Option }) {
  const record = useRecordBankTransfer();
  const toast = useToast();
  const [reference, setReference] = useState('');
  const [amount, setAmount] = useState(option.purchasePrice ?? '');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = BankTransferBodySchema.safeParse({ reference, amount: amount || undefined });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the form');
      return;
    }
    setError(null);
    record.mutate(
      { optionId: option.id, ...parsed.data },
      {
        onSuccess: () =>
          toast({ title: 'Bank transfer recorded: the rights are sold', variant: 'success' }),
        onError: (failure) => setError(errorMessage(failure, 'The payment was not recorded')),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
      <Field label="Bank transfer reference" error={error ?? undefined} required>
        <Input value={reference} onChange={(event) => setReference(event.target.value)} />
      </Field>
      <Field label="Amount received (£)">
        <Input
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
      </Field>
      <Button type="submit" disabled={record.isPending}>
        {record.isPending ? 'Recording…' : 'Record payment'}
      </Button>
    </form>
  );
}

/**
 * /admin/options (issue 34): exercised options whose purchase price is due by bank transfer
 * (above the card maximum, or no fixed price). Recording one is audited and sells the rights.
 */
export default function AdminOptionsPage() {
  usePageTitle('Options awaiting payment');
  const { user } = useCurrentUser();
  const query = useOptions();
  if (user && user.role !== 'admin') {
    return <p className="text-ink-soft">This page is for admins.</p>;
  }
  if (query.isPending) return <Spinner label="Loading options" />;
  if (query.isError) {
    return <LoadError title="Options could not be loaded" onRetry={() => void query.refetch()} />;
  }
  const due = query.data.options.filter(
    (option) => option.state === 'exercising' && option.exerciseDueBy === 'bank_transfer',
  );
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <PageHeader
        eyebrow="Admin"
        title="Options awaiting payment"
        description="Notice of exercise given; the purchase price is paid by bank transfer. Record it once the money has arrived."
      />
      {due.length === 0 ? (
        <EmptyState icon={Landmark} title="Nothing awaits payment" text="No exercise is due." />
      ) : (
        <ul className="space-y-4">
          {due.map((option) => (
            <li key={option.id}>
              <Card className="space-y-3 p-5">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="text-lg font-semibold text-ink">{option.listingTitle}</h2>
                  <Badge tone="amber">Exercise: payment due</Badge>
                </div>
                <p className="text-sm text-ink-muted">
                  {option.producerName} · purchase price{' '}
                  {option.purchasePrice ? `£${option.purchasePrice}` : 'not fixed'} · ends{' '}
                  {new Date(option.endsAt).toLocaleDateString('en-GB')} ·{' '}
                  <Link
                    to={paths.dealTimeline(option.offerId)}
                    className="text-brand-700 hover:underline"
                  >
                    Deal timeline
                  </Link>
                </p>
                <BankTransferForm option={option} />
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
