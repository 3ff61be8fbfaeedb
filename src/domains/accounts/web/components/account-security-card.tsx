import { CircleAlert, CircleCheck } from 'lucide-react';
import type { CurrentUser } from '../../accounts.schema';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';

const passwordTips = [
  'Use at least 8 characters; a longer passphrase of several words is stronger still.',
  'Mix upper and lower case letters, numbers and symbols.',
  'Never reuse a password from another site.',
  'Avoid names, birthdays and common words.',
];

function formatSignIn(value: string | null): string {
  if (!value) return 'Unknown';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'Unknown';
  return date.toLocaleString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

function recommendationsFor(user: CurrentUser): string[] {
  const recommendations: string[] = [];
  if (user.pendingEmail) {
    recommendations.push(
      `Open the verification link we sent to ${user.pendingEmail} to finish changing your email.`,
    );
  }
  if (user.role === 'producer' && !user.isProfileComplete) {
    recommendations.push('Complete your profile so we can personalise your recommendations.');
  }
  recommendations.push(
    'Change your password regularly and whenever you suspect someone else knows it.',
    'Sign out when you use a shared or public computer.',
    'Keep your email account secure: password reset links are sent there.',
  );
  return recommendations;
}

/** What we know about the account's security, and what the user can do to improve it. */
export function AccountSecurityCard({ user }: { user: CurrentUser }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account Security Status</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5 text-sm">
        <dl className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <dt className="font-medium text-ink-soft">Email verification</dt>
            <dd className="inline-flex items-center gap-1 text-green-700">
              {/* Only verified addresses can sign in, so a signed-in user's email is verified. */}
              <CircleCheck className="h-4 w-4" aria-hidden="true" /> Verified
            </dd>
          </div>
          {user.pendingEmail ? (
            <div className="flex flex-wrap items-center justify-between gap-2">
              <dt className="font-medium text-ink-soft">New email</dt>
              <dd className="inline-flex items-center gap-1 break-all text-amber-700">
                <CircleAlert className="h-4 w-4 shrink-0" aria-hidden="true" />
                {user.pendingEmail} (awaiting verification)
              </dd>
            </div>
          ) : null}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <dt className="font-medium text-ink-soft">Last sign-in</dt>
            <dd className="text-ink">{formatSignIn(user.lastLoginAt)}</dd>
          </div>
        </dl>
        <section aria-labelledby="password-tips-heading" className="space-y-2">
          <h3 id="password-tips-heading" className="font-semibold text-ink">
            Password strength tips
          </h3>
          <ul className="list-disc space-y-1 pl-5 text-ink-soft">
            {passwordTips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="recommendations-heading" className="space-y-2">
          <h3 id="recommendations-heading" className="font-semibold text-ink">
            Recommendations
          </h3>
          <ul className="list-disc space-y-1 pl-5 text-ink-soft">
            {recommendationsFor(user).map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      </CardContent>
    </Card>
  );
}
