import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { SignInSchema, type SignIn } from '../../accounts.schema';
import { useLogin } from '../api/login';
import { useResendVerification } from '../api/resend-verification';
import { applyServerFieldErrors } from '@/web/lib/apply-server-field-errors';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage, hasErrorCode } from '@/web/lib/api-client';

interface SignInFormProps {
  /** Called as the request leaves, so the page knows the user that appears just signed in. */
  onSignInStart: () => void;
  onForgotPassword: () => void;
}

interface SignInProblem {
  message: string;
  /** 403 for an unverified email: offer to send the link again. */
  canResend: boolean;
}

export function SignInForm({ onSignInStart, onForgotPassword }: SignInFormProps) {
  const toast = useToast();
  const login = useLogin();
  const resend = useResendVerification();
  const [problem, setProblem] = useState<SignInProblem | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors },
  } = useForm<SignIn>({
    resolver: zodResolver(SignInSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setProblem(null);
    onSignInStart();
    login.mutate(values, {
      onError: (error) => {
        applyServerFieldErrors(error, setError, ['email', 'password']);
        setProblem({
          message: errorMessage(error, 'Sign in failed. Please try again.'),
          canResend: hasErrorCode(error, 'FORBIDDEN') && error.body.reason === 'email_not_verified',
        });
      },
    });
  });

  const resendVerification = () => {
    resend.mutate(
      { email: getValues('email') },
      {
        onSuccess: (answer) =>
          toast({ title: 'Verification email sent', description: answer.message }),
        onError: () =>
          toast({
            title: 'Failed to send email',
            description: 'Please try again.',
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {problem ? (
        <div role="alert" className="space-y-2 rounded-md bg-red-50 p-3 text-sm text-red-800">
          <p>{problem.message}</p>
          {problem.canResend ? (
            <Button
              variant="outline"
              size="sm"
              onClick={resendVerification}
              disabled={resend.isPending}
            >
              {resend.isPending ? 'Sending...' : 'Resend verification email'}
            </Button>
          ) : null}
        </div>
      ) : null}
      <Field label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...register('email')} />
      </Field>
      <Field label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...register('password')} />
      </Field>
      <div className="flex justify-end">
        <Button variant="link" size="sm" className="h-auto px-0" onClick={onForgotPassword}>
          Forgotten password?
        </Button>
      </div>
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Signing In...' : 'Sign In'}
      </Button>
    </form>
  );
}
