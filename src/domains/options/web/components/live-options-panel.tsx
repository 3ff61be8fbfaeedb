import { Link } from 'react-router';
import { Clock, FileCheck2 } from 'lucide-react';
import { Badge, type BadgeTone } from '@/web/components/ui/badge';
import { Card } from '@/web/components/ui/card';
import { LoadError } from '@/web/components/ui/load-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { paths } from '@/shared/paths';
import type { OptionState } from '../../options.constants';
import type { Option } from '../../options.schema';
import { useCurrentUser } from '@/domains/accounts/web';
import { useOptions } from '../api/options';
import { OptionPaymentDialog } from './option-payment-dialog';

const STATE_LABELS: Record<OptionState, [string, BadgeTone]> = {
  live: ['Under option', 'blue'],
  exercising: ['Exercise: payment due', 'amber'],
  exercised: ['Exercised: sold', 'green'],
  lapsed: ['Lapsed: reverted', 'slate'],
};

const ukDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

function OptionItem({ option, side }: { option: Option; side: 'producer' | 'agent' }) {
  const [label, tone] = STATE_LABELS[option.state];
  const running = option.state === 'live' || option.state === 'exercising';
  return (
    <li className="space-y-2 border-b border-line py-3 last:border-b-0" data-testid="live-option">
      <div className="flex flex-wrap items-center gap-2">
        <Link to={paths.listing(option.listingId)} className="font-medium text-ink hover:underline">
          {option.listingTitle}
        </Link>
        <Badge tone={tone}>{label}</Badge>
        {running ? (
          <span className="inline-flex items-center gap-1 text-sm text-ink">
            <Clock aria-hidden="true" className="h-4 w-4" />
            {option.daysLeft} days left
          </span>
        ) : null}
      </div>
      <p className="text-sm text-ink-muted">
        {side === 'agent' ? `${option.producerName} · ` : ''}
        {option.part.join(', ') || 'The whole listing'} · ends {ukDate(option.endsAt)}
        {option.extensionsTaken > 0 ? ' (extended)' : ''}
      </p>
      {option.notices.length > 0 ? (
        <ul className="flex flex-wrap gap-3 text-sm">
          {option.notices.map((notice) => (
            <li key={notice.paymentId}>
              <a
                href={notice.url}
                className="inline-flex items-center gap-1 text-brand-700 hover:underline"
              >
                <FileCheck2 aria-hidden="true" className="h-4 w-4" />
                {notice.title}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {option.exerciseDueBy === 'bank_transfer' ? (
        <p className="text-sm text-ink">
          The purchase price is due by bank transfer; the rights are sold once an admin records it.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {side === 'producer' && option.canExtend ? (
          <OptionPaymentDialog option={option} action="extension" />
        ) : null}
        {side === 'producer' && option.canExercise && option.exerciseDueBy !== 'bank_transfer' ? (
          <OptionPaymentDialog option={option} action="exercise" />
        ) : null}
        <Link
          to={paths.dealTimeline(option.offerId)}
          className="text-sm text-brand-700 hover:underline"
        >
          Deal timeline
        </Link>
      </div>
    </li>
  );
}

/** One option on its own (the deal timeline's head), as its producer or agent sees it. */
export function LiveOptionsPanelItem({ option }: { option: Option }) {
  const { user } = useCurrentUser();
  const isProducer = user?.role === 'producer';
  return <OptionItem option={option} side={isProducer ? 'producer' : 'agent'} />;
}

/**
 * The dashboards' options after signature (issue 34): running ones first with the days left,
 * the producer's extension and exercise, the sealed notices, each deal's timeline.
 */
export function LiveOptionsPanel({ side }: { side: 'producer' | 'agent' }) {
  const query = useOptions();
  if (query.isPending) return <Skeleton className="h-24 w-full" />;
  if (query.isError) {
    return <LoadError title="Options could not be loaded" onRetry={() => void query.refetch()} />;
  }
  const list = query.data.options;
  return (
    <Card className="p-5" aria-labelledby="live-options-title">
      <h2 id="live-options-title" className="text-lg font-semibold text-ink">
        Live options
      </h2>
      {list.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">
          No options yet: once both parties sign an agreement, its option and days left show here.
        </p>
      ) : (
        <ul className="mt-2">
          {list.map((option) => (
            <OptionItem key={option.id} option={option} side={side} />
          ))}
        </ul>
      )}
    </Card>
  );
}
