import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { buttonClasses } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { paths } from '@/shared/paths';
import { OFFER_MESSAGES } from '../../offers.schema';

interface OfferNoticeProps {
  title: string;
  message: string;
  /** The way out: where to, and what the link says. */
  action: { to: string; label: string };
}

/** A full-width notice of the submit-offer page, with its way out. */
export function OfferNotice({ title, message, action }: OfferNoticeProps) {
  return (
    <Card className="mx-auto max-w-xl p-8 text-center">
      <ShieldAlert aria-hidden="true" className="mx-auto h-12 w-12 text-slate-400" />
      <h1 className="mt-4 text-2xl font-bold text-ink">{title}</h1>
      <p className="mt-3 text-ink-soft">{message}</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to={action.to} className={buttonClasses('primary', 'md')}>
          {action.label}
        </Link>
      </div>
    </Card>
  );
}

export const BACK_TO_LISTINGS = { to: paths.listings, label: 'Back to Listings' };

/** The spec's 'Access Denied' for anyone but a producer on the submit-offer page. */
export function OnlyProducersNotice() {
  return (
    <OfferNotice
      title="Access Denied"
      message={OFFER_MESSAGES.onlyProducers}
      action={BACK_TO_LISTINGS}
    />
  );
}
