import type { Offer } from '../../offers.schema';
import {
  exclusivityText,
  formatExactPounds,
  formatOptionPeriod,
  mediaText,
  purchasePriceText,
} from '../lib/offer-display';

const STANDING: Record<Offer['terms']['kind'], (by: string) => string> = {
  offer: () => 'The producer’s offer',
  counter: (by) => `Counter-offer by the ${by}`,
  accepted_counter: () => 'Agreed: the producer accepted the agent’s counter',
};

/** Who proposed the terms as they stand, and whether they are agreed. */
function standingOf(offer: Offer): string {
  if (offer.status === 'accepted') return 'Agreed terms';
  return STANDING[offer.terms.kind](offer.terms.proposedBy);
}

function Term({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-ink-muted uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm text-ink">{children}</dd>
    </div>
  );
}

/**
 * The deal as it stands, on every screen that shows an offer (producer, agent): the current
 * version of the term sheet, who proposed it, and what is held on the card when that differs
 * from its fee. The card around it shows that version's fee and period.
 */
export function DealTerms({ offer }: { offer: Offer }) {
  const { terms } = offer;
  const held = offer.heldAmount;
  return (
    <section
      aria-label={`Terms as they stand, offer ${offer.id}`}
      className="mt-4 rounded-md bg-slate-50 p-3"
    >
      <p className="text-sm font-medium text-ink">
        {standingOf(offer)} · version {terms.version}
      </p>
      {held !== null && held !== terms.offerPrice ? (
        <p className="mt-1 text-sm text-ink-soft">Held on the card: {formatExactPounds(held)}</p>
      ) : null}
      {/* The fee and the period are the card's own headline figures, read from these terms. */}
      <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Term label="Purchase price">{purchasePriceText(terms)}</Term>
        <Term label="Extension">
          {terms.extensionMonths > 0
            ? `${formatOptionPeriod(terms.extensionMonths)}${terms.extensionFee !== null ? ` for ${formatExactPounds(terms.extensionFee)}` : ''}`
            : 'None'}
        </Term>
        <Term label="Media">{mediaText(terms.media)}</Term>
        <Term label="Territories">{terms.territories.join(', ')}</Term>
        <Term label="Exclusivity">{exclusivityText(terms.exclusivity)}</Term>
        <Term label="Credit">{terms.credit ?? 'Not named'}</Term>
      </dl>
    </section>
  );
}
