import { useState } from 'react';
import { CalendarPlus, Gavel } from 'lucide-react';
import { CardPaymentStep } from '@/domains/payments/web';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/web/components/ui/dialog';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import { formatPounds, poundsToPence } from '@/shared/money';
import type { OptionPaymentAction } from '../../options.constants';
import type { Option, OptionPaymentStart } from '../../options.schema';
import { getOption, useRefreshOptions, useStartOptionPayment } from '../api/options';

const COPY: Record<OptionPaymentAction, { button: string; title: string; done: string }> = {
  extension: {
    button: 'Extend option',
    title: 'Extend the option',
    done: 'Option extended: the extension notice is issued',
  },
  exercise: {
    button: 'Exercise option',
    title: 'Exercise the option',
    done: 'Option exercised: the rights are yours and the exercise notice is issued',
  },
};

const pounds = (amount: string | null) =>
  amount === null ? '—' : formatPounds(poundsToPence(amount) ?? 0, { exact: true });

/**
 * The producer extends or exercises an option (issue 34): the agreed amount, then the card
 * step (authorised, then captured by the server with our idempotency key). An exercise above
 * the card maximum is due by bank transfer, which an admin records.
 */
export function OptionPaymentDialog({
  option,
  action,
}: {
  option: Option;
  action: OptionPaymentAction;
}) {
  const toast = useToast();
  const refresh = useRefreshOptions();
  const start = useStartOptionPayment();
  const [isOpen, setIsOpen] = useState(false);
  const [payment, setPayment] = useState<OptionPaymentStart | null>(null);
  const [error, setError] = useState<string | null>(null);
  const copy = COPY[action];
  const amount = action === 'extension' ? option.extensionFee : option.purchasePrice;

  const begin = () => {
    setError(null);
    start.mutate(
      { optionId: option.id, action },
      {
        onSuccess: (answer) => {
          setPayment(answer);
          if (answer.paid) finish();
          else void refresh();
        },
        onError: (failure) => setError(errorMessage(failure, 'The payment could not start')),
      },
    );
  };

  function finish() {
    setIsOpen(false);
    setPayment(null);
    toast({ title: copy.done, variant: 'success' });
    void refresh();
  }

  // After the card step: the local provider has told the server already; with Stripe the
  // webhook may not have come yet, so the server is asked again (same keys) to settle it.
  const onAuthorised = async () => {
    const tookEffect = (now: Option) =>
      action === 'extension'
        ? now.extensionsTaken > option.extensionsTaken
        : now.state === 'exercised';
    try {
      if (tookEffect(await getOption(option.id))) return finish();
      const answer = await start.mutateAsync({ optionId: option.id, action });
      if (answer.paid) finish();
      else setPayment(answer);
    } catch (failure) {
      setError(errorMessage(failure, 'The payment is being confirmed: check again shortly'));
    }
  };

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        setIsOpen(open);
        if (!open) setPayment(null);
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant={action === 'extension' ? 'primary' : 'outline'}>
          {action === 'extension' ? (
            <CalendarPlus aria-hidden="true" className="h-4 w-4" />
          ) : (
            <Gavel aria-hidden="true" className="h-4 w-4" />
          )}
          {copy.button}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{copy.title}</DialogTitle>
          <DialogDescription>
            {action === 'extension'
              ? `The agreed extension: ${option.extensionMonths} more months for ${pounds(amount)}. The option then ends ${option.extensionMonths} months after ${new Date(option.endsAt).toLocaleDateString('en-GB')}.`
              : `The agreed purchase price: ${pounds(amount)}. On payment the rights under option are sold to you.`}
          </DialogDescription>
        </DialogHeader>
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        {!payment ? (
          <Button onClick={begin} disabled={start.isPending}>
            {start.isPending ? 'Starting…' : `Pay ${pounds(amount)}`}
          </Button>
        ) : payment.method === 'bank_transfer' ? (
          <p className="text-sm text-ink">
            Notice of exercise is recorded. The purchase price of {pounds(payment.amount)} is paid
            by bank transfer; once an admin records it, the rights are sold to you.
          </p>
        ) : (
          <CardPaymentStep
            clientSecret={payment.clientSecret}
            submitLabel={`Pay ${pounds(payment.amount)}`}
            onAuthorised={onAuthorised}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
