import { useEffect, useState } from 'react';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { Select } from '@/web/components/ui/input';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage, hasErrorCode } from '@/web/lib/api-client';
import { ADMIN_ROLE_LABELS, type AdminRoleOption, type AdminUser } from '../../admin.schema';
import { useChangeUserRole } from '../api/change-user-role';
import { useAuditLog } from '../api/get-audit-log';
import { useSetUserSuspension } from '../api/set-user-suspension';
import { AuditEntriesList } from './audit-entries-list';
import { RefundMembershipPanel } from './refund-membership-panel';
import { SuspendConfirmation } from './suspend-confirmation';
import { RoleBadge, StatusBadge, TierBadge } from './user-badges';

/** The console's role value for a user: admins, agents, else the producer's tier. */
export function roleOptionOf(user: AdminUser): AdminRoleOption {
  if (user.role === 'admin') return 'admin';
  if (user.role === 'agent') return 'agent';
  return user.membershipTier === 'premium' ? 'premium' : 'free';
}

interface ManageUserDialogProps {
  user: AdminUser | null;
  currentAdminId: number;
  onOpenChange: (open: boolean) => void;
}

/**
 * Manage user (part 2 section 2): the role (Free, Premium, Agent; Administrator only for an
 * existing admin), suspend or activate (suspend disabled for admins), and the user's history.
 */
export function ManageUserDialog({ user, currentAdminId, onOpenChange }: ManageUserDialogProps) {
  const toast = useToast();
  const [role, setRole] = useState<AdminRoleOption>('free');
  // The role change refused because the member pays: its words, with the refund beside them.
  const [refundReason, setRefundReason] = useState<string | null>(null);
  const [isConfirmingSuspend, setIsConfirmingSuspend] = useState(false);
  const changeRole = useChangeUserRole();
  const suspension = useSetUserSuspension();
  const history = useAuditLog(
    { targetType: 'user', targetId: user?.id, pageSize: 20 },
    { enabled: user !== null },
  );
  useEffect(() => {
    if (user) setRole(roleOptionOf(user));
    setRefundReason(null);
    setIsConfirmingSuspend(false);
  }, [user]);
  if (!user) return null;

  const isAdmin = user.role === 'admin';
  const isSelf = user.id === currentAdminId;
  const options: AdminRoleOption[] = isAdmin ? ['admin'] : ['free', 'premium', 'agent'];
  const roleChanged = role !== roleOptionOf(user);

  const saveRole = () =>
    changeRole.mutate(
      { userId: user.id, body: { role } },
      {
        onSuccess: (answer) => {
          toast({ title: 'Role updated', description: answer.user.email, variant: 'success' });
          onOpenChange(false);
        },
        onError: (error) => {
          // The one refusal of a premium member's change is that they pay (change-user-role.ts).
          if (hasErrorCode(error, 'CONFLICT') && user.membershipTier === 'premium') {
            setRefundReason(errorMessage(error, 'This member pays for Premium.'));
            return;
          }
          toast({
            title: 'Role change failed',
            description: errorMessage(error, 'The role could not be changed.'),
            variant: 'destructive',
          });
        },
      },
    );
  const toggleSuspension = () =>
    suspension.mutate(
      { userId: user.id, action: user.status === 'suspended' ? 'activate' : 'suspend' },
      {
        onSuccess: (answer) => {
          toast({
            title: answer.user.status === 'suspended' ? 'User suspended' : 'User activated',
            description: answer.user.email,
            variant: 'success',
          });
          onOpenChange(false);
        },
        onError: (error) =>
          toast({
            title: 'Action failed',
            description: errorMessage(error, 'The account could not be changed.'),
            variant: 'destructive',
          }),
      },
    );

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>
            Manage {user.firstName} {user.lastName}
          </DialogTitle>
          <DialogDescription>{user.email}</DialogDescription>
        </DialogHeader>
        <div className="space-y-5">
          <div className="flex flex-wrap gap-2">
            <RoleBadge role={user.role} />
            <TierBadge tier={user.membershipTier} />
            <StatusBadge status={user.status} />
          </div>
          <section aria-labelledby="manage-role-heading" className="space-y-3">
            <h3 id="manage-role-heading" className="text-sm font-semibold text-ink">
              Change role
            </h3>
            <Field
              label="Role"
              hint={
                isAdmin
                  ? 'Administrators keep their role here.'
                  : 'Premium gives a complimentary year that is never billed.'
              }
            >
              <Select
                value={role}
                disabled={isAdmin || isSelf}
                onChange={(event) => setRole(event.target.value as AdminRoleOption)}
              >
                {options.map((option) => (
                  <option key={option} value={option}>
                    {ADMIN_ROLE_LABELS[option]}
                  </option>
                ))}
              </Select>
            </Field>
            <Button
              onClick={saveRole}
              disabled={!roleChanged || changeRole.isPending || isAdmin}
              size="sm"
            >
              {changeRole.isPending ? 'Saving...' : 'Save role'}
            </Button>
            {refundReason ? (
              <RefundMembershipPanel
                user={user}
                reason={refundReason}
                onRefunded={() => setRefundReason(null)}
              />
            ) : null}
          </section>
          <AccountStatusSection
            user={user}
            canSuspend={!(isAdmin || isSelf)}
            isAdmin={isAdmin}
            isPending={suspension.isPending}
            isConfirming={isConfirmingSuspend}
            onConfirmingChange={setIsConfirmingSuspend}
            onToggle={toggleSuspension}
          />
          <section aria-labelledby="manage-history-heading" className="space-y-2">
            <h3 id="manage-history-heading" className="text-sm font-semibold text-ink">
              History
            </h3>
            {history.isPending ? (
              <p className="text-sm text-ink-muted">Loading history...</p>
            ) : (
              <AuditEntriesList entries={history.data?.entries ?? []} />
            )}
          </section>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Suspend (after a confirmation naming what it does) or activate the account. */
function AccountStatusSection({
  user,
  canSuspend,
  isAdmin,
  isPending,
  isConfirming,
  onConfirmingChange,
  onToggle,
}: {
  user: AdminUser;
  /** Not an administrator, and not the admin's own account. */
  canSuspend: boolean;
  isAdmin: boolean;
  isPending: boolean;
  isConfirming: boolean;
  onConfirmingChange: (isConfirming: boolean) => void;
  onToggle: () => void;
}) {
  return (
    <section aria-labelledby="manage-status-heading" className="space-y-2">
      <h3 id="manage-status-heading" className="text-sm font-semibold text-ink">
        Account status
      </h3>
      <p className="text-sm text-ink-soft">
        {user.status === 'suspended'
          ? 'This account is suspended: the person cannot sign in and their listings are off the market.'
          : 'Suspending signs the person out everywhere, stops them signing in and takes their listings off the market until you activate them again.'}
      </p>
      {user.status === 'suspended' ? (
        <Button variant="outline" size="sm" onClick={onToggle} disabled={isPending}>
          Activate user
        </Button>
      ) : isConfirming ? (
        <SuspendConfirmation
          user={user}
          isPending={isPending}
          onConfirm={onToggle}
          onCancel={() => onConfirmingChange(false)}
        />
      ) : (
        <Button
          variant="danger"
          size="sm"
          onClick={() => onConfirmingChange(true)}
          disabled={!canSuspend}
          title={isAdmin ? 'Administrators cannot be suspended' : undefined}
        >
          Suspend user
        </Button>
      )}
    </section>
  );
}
