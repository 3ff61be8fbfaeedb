import { useState, type FormEvent } from 'react';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { errorMessage } from '@/web/lib/api-client';
import { usePageTitle } from '@/web/lib/use-page-title';
import { AGREEMENT_VERIFY_MAX_BYTES, type AgreementSignature } from '../../agreement-verify.schema';
import { useVerifyAgreement } from '../api/verify-agreement';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : null;

const SIGNATURE_CHECKS: [keyof AgreementSignature['checks'], string][] = [
  ['byteRange', 'The signature covers the whole file'],
  ['messageDigest', 'The file is unchanged since it was signed'],
  ['signature', 'The signature is mathematically valid'],
  ['platformCertificate', 'It was made with PageToScreen’s certificate'],
];

/** The embedded digital signature's checks, one line each. */
function SignatureChecks({ signature }: { signature: AgreementSignature | null }) {
  if (!signature) {
    return (
      <p className="text-sm text-ink-soft">
        No digital signature: this is the agreement as issued, before both parties signed.
      </p>
    );
  }
  return (
    <div className="space-y-2">
      <p className={`text-sm font-semibold ${signature.valid ? 'text-green-800' : 'text-red-800'}`}>
        {signature.valid
          ? `Digital signature valid${signature.signer ? `: ${signature.signer}` : ''}${
              signature.signedAt ? `, signed ${when(signature.signedAt)}` : ''
            }`
          : 'Digital signature not valid'}
      </p>
      <ul className="space-y-1 text-sm" aria-label="Signature checks">
        {SIGNATURE_CHECKS.map(([key, label]) => (
          <li key={key} className={signature.checks[key] ? 'text-ink' : 'font-medium text-red-800'}>
            {signature.checks[key] ? '✓' : '✗'} {label}
            <span className="sr-only">{signature.checks[key] ? ': passed' : ': failed'}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * /verify-agreement (decision 016): anyone uploads an option agreement PDF and learns whether
 * PageToScreen issued it, unchanged (its SHA-256 against the agreements we recorded), and
 * whether the digital signature a signed agreement carries checks.
 */
export default function VerifyAgreementPage() {
  usePageTitle('Verify an agreement');
  const verify = useVerifyAgreement();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError('Please choose the agreement PDF to verify');
      return;
    }
    if (file.size > AGREEMENT_VERIFY_MAX_BYTES) {
      setError('Agreements to verify can be at most 5MB');
      return;
    }
    setError(null);
    verify.mutate(file, {
      onError: (failure) => setError(errorMessage(failure, 'The agreement could not be checked')),
    });
  };

  const answer = verify.data;
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold text-ink">Verify an agreement</h1>
      <p className="text-ink-soft">
        Upload an option agreement downloaded from PageToScreen. We compare its SHA-256 fingerprint
        with the agreements we issued and signed, and check the digital signature a signed agreement
        carries: any change to the file, however small, makes it fail. The file is not stored.
      </p>
      <Card className="p-5">
        <form onSubmit={onSubmit} className="space-y-4">
          <Field label="Agreement PDF" error={error ?? undefined}>
            <Input
              type="file"
              accept="application/pdf,.pdf"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                verify.reset();
                setError(null);
              }}
            />
          </Field>
          <Button type="submit" disabled={verify.isPending}>
            {verify.isPending ? 'Checking…' : 'Verify'}
          </Button>
        </form>
      </Card>
      {answer ? (
        <Card className="space-y-3 p-5" role="status" aria-live="polite">
          {answer.genuine && answer.agreement ? (
            <>
              <p className="flex items-center gap-2 text-lg font-semibold text-green-800">
                <ShieldCheck aria-hidden="true" className="h-5 w-5" />
                {answer.document === 'notice' && answer.notice
                  ? `Genuine: ${answer.notice.title}, issued by PageToScreen`
                  : answer.document === 'signed'
                    ? 'Genuine: the signed agreement, issued by PageToScreen'
                    : 'Genuine: issued by PageToScreen'}
              </p>
              <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
                <div>
                  <dt className="text-ink-muted">Property</dt>
                  <dd className="text-ink">
                    {answer.agreement.listingTitle} (listing #{answer.agreement.listingId})
                  </dd>
                </div>
                <div>
                  <dt className="text-ink-muted">Offer</dt>
                  <dd className="text-ink">#{answer.agreement.offerId}</dd>
                </div>
                <div>
                  <dt className="text-ink-muted">Producer</dt>
                  <dd className="text-ink">{answer.agreement.producerName}</dd>
                </div>
                <div>
                  <dt className="text-ink-muted">Rights holder’s agent</dt>
                  <dd className="text-ink">{answer.agreement.agentName ?? '—'}</dd>
                </div>
                {answer.notice ? (
                  <div>
                    <dt className="text-ink-muted">Notice issued</dt>
                    <dd className="text-ink">{when(answer.notice.issuedAt)}</dd>
                  </div>
                ) : null}
                <div>
                  <dt className="text-ink-muted">
                    {answer.notice ? 'Agreement issued' : 'Issued'}
                  </dt>
                  <dd className="text-ink">{when(answer.agreement.issuedAt)}</dd>
                </div>
                <div>
                  <dt className="text-ink-muted">Signed</dt>
                  <dd className="text-ink">
                    Producer: {when(answer.agreement.producerSignedAt) ?? 'not yet'}; agent:{' '}
                    {when(answer.agreement.agentSignedAt) ?? 'not yet'}
                  </dd>
                </div>
              </dl>
              <SignatureChecks signature={answer.signature} />
            </>
          ) : (
            <>
              <p className="flex items-center gap-2 text-lg font-semibold text-red-800">
                <ShieldAlert aria-hidden="true" className="h-5 w-5" />
                Not issued by PageToScreen (or changed since)
              </p>
              {answer.signature ? <SignatureChecks signature={answer.signature} /> : null}
            </>
          )}
          <p className="text-xs break-all text-ink-muted">SHA-256: {answer.sha256}</p>
        </Card>
      ) : null}
    </div>
  );
}
