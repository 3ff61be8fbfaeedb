import { useState, type FormEvent } from 'react';
import { PenLine } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import { SignAgreementBodySchema } from '../../agreements.schema';
import { useSignAgreement } from '../api/sign-agreement';

/** Who has signed the offer's agreement so far (the offer's term sheet answer carries it). */
export interface AgreementSignatures {
  producerSignedAt: string | null;
  agentSignedAt: string | null;
}

/**
 * 'Sign Agreement' on an accepted offer (decision 016): click-to-sign with the typed full name
 * and consent, recorded against the agreement's SHA-256. Shown until this side has signed.
 */
export function SignAgreementDialog({
  offerId,
  agreement,
  side,
  onSigned,
}: {
  offerId: number;
  /** Null or undefined while the agreement is not issued (or not loaded): nothing shows. */
  agreement: AgreementSignatures | null | undefined;
  side: 'producer' | 'agent';
  onSigned: () => void;
}) {
  const toast = useToast();
  const sign = useSignAgreement(onSigned);
  const [isOpen, setIsOpen] = useState(false);
  const [fullName, setFullName] = useState('');
  const [consent, setConsent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!agreement) return null;
  const signedAt = side === 'producer' ? agreement.producerSignedAt : agreement.agentSignedAt;
  if (signedAt) {
    return (
      <p className="text-sm text-ink-muted">
        You signed on {new Date(signedAt).toLocaleDateString('en-GB')}.
      </p>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = SignAgreementBodySchema.safeParse({ fullName, consent });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the form');
      return;
    }
    setError(null);
    sign.mutate(
      { offerId, fullName: parsed.data.fullName },
      {
        onSuccess: () => {
          setIsOpen(false);
          toast({ title: 'Agreement signed', variant: 'success' });
        },
        onError: (failure) => setError(errorMessage(failure, 'The signature was not recorded')),
      },
    );
  };

  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          <PenLine aria-hidden="true" className="h-4 w-4" />
          Sign Agreement
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={onSubmit} className="space-y-3">
          <DialogHeader>
            <DialogTitle>Sign the option agreement</DialogTitle>
            <DialogDescription>
              Read the agreement (View Contract) first. Your typed name, the time and your address
              are recorded against its SHA-256 fingerprint.
            </DialogDescription>
          </DialogHeader>
          <Field label="Your full name" required>
            <Input
              value={fullName}
              autoComplete="name"
              onChange={(event) => setFullName(event.target.value)}
            />
          </Field>
          <label className="flex items-start gap-2 text-sm text-ink">
            <input
              type="checkbox"
              className="mt-1"
              checked={consent}
              onChange={(event) => setConsent(event.target.checked)}
            />
            I agree to sign this agreement electronically.
          </label>
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setIsOpen(false)}>
              Close
            </Button>
            <Button type="submit" disabled={sign.isPending}>
              {sign.isPending ? 'Signing…' : 'Sign'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
