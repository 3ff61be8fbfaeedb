import { useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import { formatPounds, poundsToPence } from '@/shared/money';
import type { AdminUser } from '../../admin.schema';
import { useRefundMembership } from '../api/refund-membership';

/**
 * Shown when a role change is refused because the member pays for Premium: the refusal's
 * words, and the refund it offers, right there (asked twice: money goes back to a card).
 */
export function RefundMembershipPanel({
  user,
  reason,
  onRefunded,
}: {
  user: AdminUser;
  reason: string;
  onRefunded: () => void;
}) {
  const toast = useToast();
  const refund = useRefundMembership();
  const [isConfirming, setIsConfirming] = useState(false);
  const confirm = () =>
    refund.mutate(user.id, {
      onSuccess: (answer) => {
        toast({
          title: 'Membership refunded',
          description: `${formatPounds(poundsToPence(answer.refundedAmount), { exact: true })} refunded to ${user.email} (receipt ${answer.receiptNumber}). You can change the role now.`,
          variant: 'success',
        });
        onRefunded();
      },
      onError: (error) =>
        toast({
          title: 'Refund failed',
          description: errorMessage(error, 'The membership could not be refunded.'),
          variant: 'destructive',
        }),
    });

  return (
    <div
      role="group"
      aria-labelledby="refund-heading"
      className="space-y-2 rounded-md border border-amber-200 bg-amber-50 p-3"
    >
      <p id="refund-heading" className="text-sm font-semibold text-ink">
        This member pays for Premium
      </p>
      <p className="text-sm text-ink-soft">{reason}</p>
      {isConfirming ? (
        <>
          <p className="text-sm text-ink-soft">
            Refund {user.firstName} {user.lastName}&rsquo;s Premium payment? The money goes back to
            their card, Premium ends now, and the refund is recorded in the audit log.
          </p>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => setIsConfirming(false)}>
              Cancel
            </Button>
            <Button variant="danger" size="sm" onClick={confirm} disabled={refund.isPending}>
              {refund.isPending ? 'Refunding…' : 'Confirm refund'}
            </Button>
          </div>
        </>
      ) : (
        <Button variant="outline" size="sm" onClick={() => setIsConfirming(true)}>
          Refund the membership
        </Button>
      )}
    </div>
  );
}
