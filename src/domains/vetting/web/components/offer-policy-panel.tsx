import { useState } from 'react';
import { Link } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { paths } from '@/shared/paths';
import { errorMessage } from '@/web/lib/api-client';
import { useOfferPolicy, useSetOfferPolicy } from '../api/vetting';

interface Props {
  listingId: number;
  /** The listing's agent sets the policy; producers are told what it means for them. */
  isOwnAgent: boolean;
}

/**
 * The listing page's word on who may make offers (issue 35): the agent's switch, or, for an
 * unverified producer on a listing open only to verified producers, why they cannot start.
 */
export function OfferPolicyPanel({ listingId, isOwnAgent }: Props) {
  const policy = useOfferPolicy(listingId);
  const setPolicy = useSetOfferPolicy(listingId);
  const [choice, setChoice] = useState<boolean | null>(null);
  if (!policy.data) return null;
  if (isOwnAgent) {
    return (
      <div className="rounded-lg border border-line p-4">
        <label className="flex items-center gap-2 text-sm font-medium text-ink">
          <input
            type="checkbox"
            // The choice shows at once (a controlled box would snap back until the save answers).
            checked={choice ?? policy.data.verifiedOnly}
            onChange={(event) => {
              const verifiedOnly = event.target.checked;
              setChoice(verifiedOnly);
              setPolicy.mutate(verifiedOnly, { onError: () => setChoice(null) });
            }}
          />
          Accept offers only from verified producers
        </label>
        {setPolicy.isError ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {errorMessage(setPolicy.error, 'Unable to change who may make offers')}
          </p>
        ) : null}
      </div>
    );
  }
  if (!policy.data.reason) return null;
  return (
    <div
      role="note"
      data-testid="verified-only-notice"
      className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-ink"
    >
      <ShieldCheck aria-hidden="true" className="h-5 w-5 shrink-0 text-amber-700" />
      <p>
        {policy.data.reason}{' '}
        <Link to={paths.producerVerification} className="font-medium underline">
          Producer verification
        </Link>
      </p>
    </div>
  );
}
