import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CircleCheck, CircleX, Mail } from 'lucide-react';
import { useVerifyEmail } from '../api/verify-email';
import { ResendVerificationForm } from '../components/resend-verification-form';
import { buttonClasses } from '@/web/components/ui/button';
import { CardPage } from '@/web/components/ui/card-page';
import { Spinner } from '@/web/components/ui/spinner';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import { paths } from '@/shared/paths';

/** After a successful verification the page moves on to sign-in (the spec's 2 seconds). */
const REDIRECT_AFTER_VERIFY_MS = 2000;

function VerifyToken({ token }: { token: string }) {
  const toast = useToast();
  const navigate = useNavigate();
  const verification = useVerifyEmail(token);
  const { isSuccess, isError, error } = verification;
  const failure = isError ? errorMessage(error, 'This verification link is invalid.') : null;

  useEffect(() => {
    if (!isSuccess) return;
    toast({
      title: 'Email verified!',
      description: 'You can now log in to your account.',
      variant: 'success',
    });
    const timer = setTimeout(
      () => navigate(paths.auth, { replace: true }),
      REDIRECT_AFTER_VERIFY_MS,
    );
    return () => clearTimeout(timer);
  }, [isSuccess, navigate, toast]);

  useEffect(() => {
    if (failure === null) return;
    toast({ title: 'Verification failed', description: failure, variant: 'destructive' });
  }, [failure, toast]);

  if (isSuccess) {
    return (
      <CardPage className="text-center">
        <CircleCheck className="mx-auto h-12 w-12 text-green-600" aria-hidden="true" />
        <h1 className="text-2xl font-bold text-ink">Email verified!</h1>
        <p role="status" className="text-ink-soft">
          You can now log in to your account. Taking you to the login page...
        </p>
        <Link to={paths.auth} className={buttonClasses('primary')}>
          Continue to Login
        </Link>
      </CardPage>
    );
  }
  if (failure !== null) {
    return (
      <CardPage className="text-center">
        <CircleX className="mx-auto h-12 w-12 text-red-600" aria-hidden="true" />
        <h1 className="text-2xl font-bold text-ink">Verification failed</h1>
        <p role="alert" className="text-ink-soft">
          {failure}
        </p>
        <Link to={paths.auth} className={buttonClasses('primary')}>
          Try Again
        </Link>
      </CardPage>
    );
  }
  return (
    <CardPage className="text-center">
      <h1 className="text-2xl font-bold text-ink">Verifying...</h1>
      <Spinner label="Verifying your email" className="p-4" />
      <p className="text-ink-muted">Please wait while we verify your email address.</p>
    </CardPage>
  );
}

function CheckYourEmail({ email }: { email: string }) {
  return (
    <CardPage className="text-center">
      <Mail className="mx-auto h-12 w-12 text-brand-700" aria-hidden="true" />
      <h1 className="text-2xl font-bold text-ink">Check Your Email</h1>
      <p className="text-ink-soft">
        We sent you a verification link. Open it to activate your account, then log in.
      </p>
      <div className="space-y-2 text-left">
        <p className="text-sm text-ink-muted">Didn&apos;t get the email? Send it again:</p>
        <ResendVerificationForm defaultEmail={email} />
      </div>
      <Link to={paths.auth} className={buttonClasses('primary')}>
        Continue to Login
      </Link>
    </CardPage>
  );
}

export default function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  if (token) return <VerifyToken key={token} token={token} />;
  return <CheckYourEmail email={searchParams.get('email') ?? ''} />;
}
