import { Link } from 'react-router';
import { paths } from '@/shared/paths';

/** "I accept the Terms of Use and Privacy Policy", the documents opening in a new tab. */
export function LegalTermsLabel() {
  return (
    <>
      I accept the{' '}
      <Link
        to={paths.termsAlias}
        target="_blank"
        rel="noreferrer"
        className="font-medium text-brand-700 underline"
      >
        Terms of Use
      </Link>{' '}
      and{' '}
      <Link
        to={paths.privacyAlias}
        target="_blank"
        rel="noreferrer"
        className="font-medium text-brand-700 underline"
      >
        Privacy Policy
      </Link>
    </>
  );
}
