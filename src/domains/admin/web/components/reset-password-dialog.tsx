import { useState, type FormEvent } from 'react';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import { ADMIN_MESSAGES, AdminResetPasswordBodySchema, type AdminUser } from '../../admin.schema';
import { useResetUserPassword } from '../api/reset-user-password';

interface ResetPasswordDialogProps {
  user: AdminUser | null;
  onOpenChange: (open: boolean) => void;
}

/** Reset password (part 2 section 5): the spec's messages, checked by the shared schema. */
export function ResetPasswordDialog({ user, onOpenChange }: ResetPasswordDialogProps) {
  const toast = useToast();
  const [newPassword, setNewPassword] = useState('');
  const [error, setError] = useState<string>();
  const reset = useResetUserPassword();
  if (!user) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = AdminResetPasswordBodySchema.safeParse({ newPassword });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setError(message);
      // The spec's admin message for a short password (part 2 section 8), beside the field's.
      if (message === ADMIN_MESSAGES.newPasswordTooShort) {
        toast({ title: 'Password too short', description: message, variant: 'destructive' });
      }
      return;
    }
    setError(undefined);
    reset.mutate(
      { userId: user.id, body: parsed.data },
      {
        onSuccess: (answer) => {
          toast({ title: 'Password reset', description: answer.userEmail, variant: 'success' });
          setNewPassword('');
          onOpenChange(false);
        },
        onError: (failure) =>
          toast({
            title: 'Password reset failed',
            description: errorMessage(failure, 'The password could not be reset.'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} noValidate>
          <DialogHeader>
            <DialogTitle>Reset password</DialogTitle>
            <DialogDescription>
              Set a new password for {user.email}. They are signed out everywhere and told by email.
            </DialogDescription>
          </DialogHeader>
          <Field label="New password" error={error} required>
            <Input
              type="password"
              autoComplete="new-password"
              value={newPassword}
              onChange={(event) => setNewPassword(event.target.value)}
            />
          </Field>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={reset.isPending}>
              {reset.isPending ? 'Resetting...' : 'Reset password'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
