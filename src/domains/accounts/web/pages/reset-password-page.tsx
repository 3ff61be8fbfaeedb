import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, KeyRound } from 'lucide-react';
import { ResetPasswordSchema, type ResetPassword } from '../../accounts.schema';
import { ACCOUNT_MESSAGES } from '../../accounts.constants';
import { useResetPassword } from '../api/reset-password';
import { applyServerFieldErrors } from '@/web/lib/apply-server-field-errors';
import { Button, buttonClasses } from '@/web/components/ui/button';
import { CardPage } from '@/web/components/ui/card-page';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { errorFields, errorMessage, hasErrorCode } from '@/web/lib/api-client';
import { paths } from '@/shared/paths';

function InvalidLink({ message }: { message: string }) {
  return (
    <CardPage>
      <h1 className="text-2xl font-bold text-ink">Reset Password</h1>
      <p role="alert" className="text-ink-soft">
        {message}
      </p>
      <p className="text-sm text-ink-muted">
        Use &lsquo;Forgotten password?&rsquo; on the login page to get a new link.
      </p>
      <Link to={paths.auth} className={buttonClasses('primary')}>
        Back to Login
      </Link>
    </CardPage>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const resetPassword = useResetPassword();
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetPassword>({
    resolver: zodResolver(ResetPasswordSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setFormProblem(null);
    resetPassword.mutate(values, {
      onError: (error) => {
        if (applyServerFieldErrors(error, setError, ['password', 'confirmPassword'])) return;
        // A refusal not about the typed passwords means the link is unknown, used or expired.
        if (hasErrorCode(error, 'VALIDATION')) {
          setLinkProblem(
            errorFields(error).token ?? errorMessage(error, ACCOUNT_MESSAGES.resetLinkInvalid),
          );
        } else {
          setFormProblem(errorMessage(error, 'Something went wrong. Please try again.'));
        }
      },
    });
  });

  if (linkProblem) return <InvalidLink message={linkProblem} />;
  if (resetPassword.isSuccess) {
    return (
      <CardPage>
        <CircleCheck className="mx-auto h-12 w-12 text-green-600" aria-hidden="true" />
        <h1 className="text-center text-2xl font-bold text-ink">Password Reset</h1>
        <p role="status" className="text-center text-ink-soft">
          {resetPassword.data.message || ACCOUNT_MESSAGES.passwordReset}
        </p>
        <Link to={paths.auth} className={`${buttonClasses('primary')} w-full`}>
          Continue to Login
        </Link>
      </CardPage>
    );
  }

  return (
    <CardPage>
      <div className="space-y-1">
        <KeyRound className="h-8 w-8 text-brand-700" aria-hidden="true" />
        <h1 className="text-2xl font-bold text-ink">Choose a New Password</h1>
        <p className="text-sm text-ink-muted">Your new password needs at least 8 characters.</p>
      </div>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {formProblem ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {formProblem}
          </p>
        ) : null}
        <Field label="New Password" error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...register('password')} />
        </Field>
        <Field label="Confirm Password" error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
        </Field>
        <Button type="submit" className="w-full" disabled={resetPassword.isPending}>
          {resetPassword.isPending ? 'Resetting Password...' : 'Reset Password'}
        </Button>
      </form>
    </CardPage>
  );
}

export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  if (!token) return <InvalidLink message={ACCOUNT_MESSAGES.resetLinkInvalid} />;
  return <ResetPasswordForm key={token} token={token} />;
}
