import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordSchema, type ChangePassword } from '../../accounts.schema';
import { useChangePassword } from '../api/change-password';
import { applyServerFieldErrors } from '@/web/lib/apply-server-field-errors';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';

const emptyForm: ChangePassword = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const toast = useToast();
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangePassword>({
    resolver: zodResolver(ChangePasswordSchema),
    defaultValues: emptyForm,
  });

  const onSubmit = handleSubmit((values) => {
    changePassword.mutate(values, {
      onSuccess: (answer) => {
        reset(emptyForm);
        toast({ title: 'Password Changed', description: answer.message, variant: 'success' });
      },
      onError: (error) => {
        applyServerFieldErrors(error, setError, [
          'currentPassword',
          'newPassword',
          'confirmPassword',
        ]);
        toast({
          title: 'Password Change Failed',
          description: errorMessage(
            error,
            'Failed to change password. Please check your current password.',
          ),
          variant: 'destructive',
        });
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field label="Current Password" error={errors.currentPassword?.message}>
        <Input type="password" autoComplete="current-password" {...register('currentPassword')} />
      </Field>
      <Field label="New Password" hint="At least 8 characters" error={errors.newPassword?.message}>
        <Input type="password" autoComplete="new-password" {...register('newPassword')} />
      </Field>
      <Field label="Confirm Password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
      </Field>
      <Button type="submit" disabled={changePassword.isPending}>
        {changePassword.isPending ? 'Changing Password...' : 'Change Password'}
      </Button>
    </form>
  );
}
