import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { MailCheck } from 'lucide-react';
import { ACCOUNT_MESSAGES } from '../../accounts.constants';
import type { AccountType } from './sign-up-form';
import { Badge } from '@/web/components/ui/badge';
import { Button, buttonClasses } from '@/web/components/ui/button';
import { paths } from '@/shared/paths';

interface RegistrationConfirmationProps {
  accountType: AccountType;
  onBackToLogin: () => void;
}

/** Shown after sign-up: registration never signs in, the email must be verified first. */
export function RegistrationConfirmation({
  accountType,
  onBackToLogin,
}: RegistrationConfirmationProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form the user was in is gone: move focus to the news so screen readers announce it.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section aria-labelledby="registration-heading" className="space-y-5 text-center">
      <MailCheck className="mx-auto h-12 w-12 text-brand-700" aria-hidden="true" />
      <h2
        id="registration-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-semibold text-ink focus:outline-none"
      >
        {accountType === 'agent' ? 'Application Received' : 'Registration Successful'}
      </h2>
      <div role="status" className="space-y-3 text-ink-soft">
        <p>{ACCOUNT_MESSAGES.registered}</p>
        {accountType === 'agent' ? (
          <>
            <p>{ACCOUNT_MESSAGES.agentApplicationSubmitted}</p>
            <p className="flex flex-wrap items-center justify-center gap-2 text-sm">
              <span>Application status:</span>
              <Badge tone="amber">Pending Review</Badge>
            </p>
            <p className="text-sm text-ink-muted">
              We will email you once an administrator has approved your agent account.
            </p>
          </>
        ) : null}
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Button onClick={onBackToLogin}>Back to Login</Button>
        <Link to={paths.home} className={buttonClasses('outline')}>
          Back to Home
        </Link>
      </div>
    </section>
  );
}
