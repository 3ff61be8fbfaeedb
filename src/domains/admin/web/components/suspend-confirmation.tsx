import { Button } from '@/web/components/ui/button';
import { LoadError } from '@/web/components/ui/load-error';
import type { AdminUser, SuspensionImpact } from '../../admin.schema';
import { useSuspensionImpact } from '../api/get-suspension-impact';

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;

/** What the confirmation says suspending will do, from the counts taken as it opened. */
export function suspensionConsequences(user: Pick<AdminUser, 'role'>, impact: SuspensionImpact) {
  const sessions =
    impact.activeSessions === 0
      ? 'They are not signed in anywhere now, and will not be able to sign in.'
      : `This ends ${plural(impact.activeSessions, 'active session', 'active sessions')} (they are signed out everywhere) and stops them signing in.`;
  if (user.role !== 'agent') return [sessions];
  const listings =
    impact.listingsOffMarket === 0
      ? 'They have no listings on the market.'
      : `${plural(impact.listingsOffMarket, 'listing', 'listings')} will be taken off the market until you activate them again; open offers stand.`;
  return [sessions, listings];
}

/** 'Suspend user' asks first, stating how many sessions and listings it affects. */
export function SuspendConfirmation({
  user,
  isPending,
  onConfirm,
  onCancel,
}: {
  user: AdminUser;
  isPending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const impact = useSuspensionImpact(user.id, { enabled: true });
  return (
    <div
      role="group"
      aria-labelledby="suspend-confirm-heading"
      className="space-y-2 rounded-md border border-red-200 bg-red-50 p-3"
    >
      <p id="suspend-confirm-heading" className="text-sm font-semibold text-ink">
        Suspend {user.firstName} {user.lastName}?
      </p>
      {impact.isPending ? (
        <p className="text-sm text-ink-soft">Counting their sessions and listings…</p>
      ) : impact.isError ? (
        <LoadError
          title="Could not count what this affects"
          onRetry={() => void impact.refetch()}
        />
      ) : (
        <ul className="list-disc space-y-1 pl-5 text-sm text-ink-soft">
          {suspensionConsequences(user, impact.data).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          variant="danger"
          size="sm"
          onClick={onConfirm}
          disabled={isPending || !impact.isSuccess}
        >
          {isPending ? 'Suspending…' : 'Confirm suspension'}
        </Button>
      </div>
    </div>
  );
}
