import { useState } from 'react';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import type { AdminUser } from '../../admin.schema';
import { useDeleteUser } from '../api/delete-user';

interface DeleteUserDialogProps {
  user: AdminUser | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * Delete user, with two confirmations (as account deletion asks twice). Open offers are
 * settled first: card holds are released, an agent's listings are withdrawn.
 */
export function DeleteUserDialog({ user, onOpenChange }: DeleteUserDialogProps) {
  const toast = useToast();
  const [step, setStep] = useState<1 | 2>(1);
  const remove = useDeleteUser();
  if (!user) return null;

  const close = (open: boolean) => {
    if (!open) setStep(1);
    onOpenChange(open);
  };
  const confirm = () =>
    remove.mutate(user.id, {
      onSuccess: (answer) => {
        toast({ title: 'User deleted', description: answer.deletedUserEmail, variant: 'success' });
        close(false);
      },
      onError: (error) => {
        toast({
          title: 'Delete failed',
          description: errorMessage(error, 'The user could not be deleted.'),
          variant: 'destructive',
        });
        setStep(1);
      },
    });

  return (
    <Dialog open onOpenChange={close}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{step === 1 ? 'Delete user' : 'Are you absolutely sure?'}</DialogTitle>
          <DialogDescription>
            {step === 1
              ? `Delete ${user.firstName} ${user.lastName} (${user.email})? Their offers are closed and card holds released, their listings withdrawn, and their personal data erased.`
              : 'This cannot be undone. Financial records are kept, anonymised.'}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="ghost" onClick={() => close(false)}>
            Cancel
          </Button>
          {step === 1 ? (
            <Button variant="danger" onClick={() => setStep(2)}>
              Continue
            </Button>
          ) : (
            <Button variant="danger" onClick={confirm} disabled={remove.isPending}>
              {remove.isPending ? 'Deleting...' : 'Delete permanently'}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
