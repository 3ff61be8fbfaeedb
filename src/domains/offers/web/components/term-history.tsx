import { useState } from 'react';
import { History } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { useOfferTerms } from '../api/negotiation';
import { formatExactPounds } from '../lib/offer-display';

const KIND_LABELS = {
  offer: 'Offer',
  counter: 'Counter-offer',
  accepted_counter: 'Accepted the counter',
} as const;

const TIMELINE_LABELS = {
  created: 'Offer made',
  authorised: 'Card hold authorised',
  countered: 'Counter-offer',
  counter_accepted: 'Counter accepted',
  reauthorised: 'New card hold authorised',
  released: 'Earlier card hold released',
  accepted: 'Offer accepted',
  captured: 'Card charged',
  agreement_issued: 'Option agreement issued',
  signed: 'Agreement signed',
} as const;

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Every version of an offer's term sheet as a diff: what changed, by whom, when; then the card
 * holds behind it. Text is rendered as text.
 */
export function TermHistory({ offerId }: { offerId: number }) {
  const [isOpen, setIsOpen] = useState(false);
  const terms = useOfferTerms(offerId, isOpen);
  return (
    <div className="space-y-2">
      <Button
        size="sm"
        variant="outline"
        onClick={() => setIsOpen((open) => !open)}
        aria-expanded={isOpen}
      >
        <History aria-hidden="true" className="h-4 w-4" />
        {isOpen ? 'Hide history' : 'Term sheet history'}
      </Button>
      {isOpen ? (
        terms.isPending ? (
          <Spinner label="Loading history" />
        ) : terms.isError ? (
          <p className="text-sm text-red-700">The history could not be loaded.</p>
        ) : (
          <>
            <ol
              className="space-y-1 border-l-2 border-line pl-3 text-sm"
              aria-label="Offer timeline"
            >
              {terms.data.timeline.map((event, index) => (
                <li key={`${event.kind}-${index}`} className="text-ink-soft">
                  <span className="font-medium text-ink">{TIMELINE_LABELS[event.kind]}</span>
                  {event.by ? ` by the ${event.by}` : ''}
                  {event.amount ? ` · ${formatExactPounds(event.amount)}` : ''} ·{' '}
                  <span className="text-ink-muted">{when(event.at)}</span>
                </li>
              ))}
            </ol>
            <ol className="space-y-2" aria-label="Term sheet versions">
              {terms.data.versions.map((version) => (
                <li key={version.version} className="rounded-md border border-line p-3 text-sm">
                  <p className="font-medium text-ink">
                    v{version.version} · {KIND_LABELS[version.kind]} by{' '}
                    {version.proposedBy === 'agent' ? 'the agent' : 'the producer'}
                    {version.authorName ? ` (${version.authorName})` : ''} ·{' '}
                    <span className="text-ink-muted">{when(version.createdAt)}</span>
                  </p>
                  {version.notes ? (
                    <p className="mt-1 whitespace-pre-line text-ink-soft">
                      <span className="font-medium text-ink">Message (not a term):</span>{' '}
                      {version.notes}
                    </p>
                  ) : null}
                  {version.changes.length === 0 ? (
                    <p className="text-ink-muted">No change of terms.</p>
                  ) : (
                    <ul className="mt-1 space-y-0.5">
                      {version.changes.map((change) => (
                        <li key={change.field} className="text-ink-soft">
                          <span className="font-medium text-ink">{change.label}:</span>{' '}
                          {change.from !== null || version.version > 1 ? (
                            <>
                              <del className="text-ink-muted">{change.from ?? '—'}</del> →{' '}
                            </>
                          ) : null}
                          <ins className="no-underline">{change.to ?? '—'}</ins>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
              {terms.data.holds.length > 0 ? (
                <li className="text-sm text-ink-muted">
                  Card holds:{' '}
                  {terms.data.holds
                    .map((hold) => `${formatExactPounds(hold.amount)} (${hold.status})`)
                    .join(', ')}
                </li>
              ) : null}
              {terms.data.agreement ? (
                <li className="text-xs break-all text-ink-muted">
                  Agreement SHA-256: {terms.data.agreement.sha256}
                </li>
              ) : null}
            </ol>
          </>
        )
      ) : null}
    </div>
  );
}
