import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ResendVerificationSchema, type ResendVerification } from '../../accounts.schema';
import { useResendVerification } from '../api/resend-verification';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { useToast } from '@/web/components/ui/toast';

/** Sends the verification link again; the answer is the same whether or not the email exists. */
export function ResendVerificationForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const toast = useToast();
  const resend = useResendVerification();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResendVerification>({
    resolver: zodResolver(ResendVerificationSchema),
    defaultValues: { email: defaultEmail },
  });

  const onSubmit = handleSubmit((values) => {
    resend.mutate(values, {
      onSuccess: (answer) =>
        toast({ title: 'Verification email sent', description: answer.message }),
      onError: () =>
        toast({
          title: 'Failed to send email',
          description: 'Please try again.',
          variant: 'destructive',
        }),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <Field label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...register('email')} />
      </Field>
      <Button type="submit" variant="outline" className="w-full" disabled={resend.isPending}>
        {resend.isPending ? 'Sending...' : 'Resend Verification Email'}
      </Button>
    </form>
  );
}
