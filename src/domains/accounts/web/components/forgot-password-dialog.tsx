import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ForgotPasswordSchema, type ForgotPassword } from '../../accounts.schema';
import { ACCOUNT_MESSAGES } from '../../accounts.constants';
import { useForgotPassword } from '../api/forgot-password';
import { AccountDialog } from './account-dialog';
import { applyServerFieldErrors } from '@/web/lib/apply-server-field-errors';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';

interface ForgotPasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function ForgotPasswordDialog({ open, onOpenChange }: ForgotPasswordDialogProps) {
  const toast = useToast();
  const forgotPassword = useForgotPassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ForgotPassword>({
    resolver: zodResolver(ForgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const changeOpen = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const onSubmit = handleSubmit((values) => {
    forgotPassword.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Reset link sent', description: ACCOUNT_MESSAGES.resetLinkSent });
        changeOpen(false);
      },
      onError: (error) => {
        applyServerFieldErrors(error, setError, ['email']);
        toast({
          title: 'Failed to send reset email',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        });
      },
    });
  });

  return (
    <AccountDialog
      open={open}
      onOpenChange={changeOpen}
      title="Reset your password"
      description="Enter the email address of your account and we will send you a link to choose a new password."
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...register('email')} />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => changeOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={forgotPassword.isPending}>
            {forgotPassword.isPending ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </div>
      </form>
    </AccountDialog>
  );
}
