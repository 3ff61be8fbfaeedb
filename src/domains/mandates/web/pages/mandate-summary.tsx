import { Link } from 'react-router';
import { Badge } from '@/web/components/ui/badge';
import {
  MEDIUM_LABELS,
  RIGHT_LABELS,
  type Medium,
  type Right,
} from '@/domains/listings/listings.constants';
import { paths } from '@/shared/paths';
import type { Mandate } from '../../mandates.schema';

const pounds = (value: number) => `£${value.toLocaleString('en-GB')}`;

/** A mandate's fields as a card's body: who, what, budget, rights, territories, until when. */
export function MandateSummary({ mandate, link = true }: { mandate: Mandate; link?: boolean }) {
  const media = mandate.media.map((m) => MEDIUM_LABELS[m as Medium] ?? m).join(', ');
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap items-center gap-2 text-sm text-ink">
        <span className="font-semibold">{mandate.postedBy}</span>
        {mandate.producerVerified ? <Badge tone="teal">Verified producer</Badge> : null}
        <Badge tone={mandate.status === 'open' ? 'green' : 'slate'}>
          {mandate.status === 'open' ? `Open until ${mandate.openUntil}` : 'Closed'}
        </Badge>
      </p>
      <p className="text-ink">
        {link ? (
          <Link to={paths.mandate(mandate.id)} className="font-medium hover:underline">
            {mandate.description}
          </Link>
        ) : (
          mandate.description
        )}
      </p>
      <p className="text-sm text-ink-muted">
        {media} · {mandate.genres.join(', ')} · option fee {pounds(mandate.budgetMin)}–
        {pounds(mandate.budgetMax)} ·{' '}
        {mandate.rights.map((r) => RIGHT_LABELS[r as Right] ?? r).join(', ')} rights ·{' '}
        {mandate.territories.join(', ')}
      </p>
    </div>
  );
}
