import { useState } from 'react';
import { TriangleAlert } from 'lucide-react';
import { useDeleteAccount } from '../api/delete-account';
import { AccountDialog } from './account-dialog';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import { paths } from '@/shared/paths';

/** The spec's pause between the deletion toast and the move to the home page. */
const REDIRECT_AFTER_DELETE_MS = 2000;
const CONFIRMATION_WORD = 'DELETE';

type Step = 'closed' | 'first-confirmation' | 'final-confirmation';

/** Danger zone: deletion takes two confirmations, the second one typing DELETE. */
export function DeleteAccountSection() {
  const toast = useToast();
  const deleteAccount = useDeleteAccount();
  const [step, setStep] = useState<Step>('closed');
  const [typed, setTyped] = useState('');
  const isConfirmed = typed === CONFIRMATION_WORD;

  const close = () => {
    if (deleteAccount.isPending) return;
    setStep('closed');
    setTyped('');
  };

  const confirmDeletion = () => {
    if (!isConfirmed) return;
    deleteAccount.mutate(undefined, {
      onSuccess: () => {
        setStep('closed');
        toast({
          title: 'Account Deleted',
          description: 'Your account has been permanently deleted.',
          variant: 'success',
        });
        setTimeout(() => {
          // A full page load clears the signed-in user and every cached answer of the deleted
          // account at once; clearing the cache here first would let this protected page's
          // guard send the now signed-out visitor to /auth before the move home.
          window.location.assign(paths.home);
        }, REDIRECT_AFTER_DELETE_MS);
      },
      onError: (error) =>
        toast({
          title: 'Account Deletion Failed',
          description: errorMessage(error, 'Failed to delete account.'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <Card className="border-red-200">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-red-700">
          <TriangleAlert className="h-5 w-5" aria-hidden="true" /> Danger Zone
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-sm text-ink-soft">
        {deleteAccount.isSuccess ? (
          <p role="status" className="font-medium text-ink">
            Your account has been permanently deleted. Taking you to the home page...
          </p>
        ) : (
          <>
            <p>
              Deleting your account removes your profile, offers and forum posts and, for agents,
              your listings. This cannot be undone.
            </p>
            <Button variant="danger" onClick={() => setStep('first-confirmation')}>
              Delete Account
            </Button>
          </>
        )}
      </CardContent>

      <AccountDialog
        open={step === 'first-confirmation'}
        onOpenChange={(open) => (open ? undefined : close())}
        title="Delete your account?"
        description="This permanently deletes your account and all of its data. It cannot be undone."
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => setStep('final-confirmation')}>
            Yes, Continue
          </Button>
        </div>
      </AccountDialog>

      <AccountDialog
        open={step === 'final-confirmation'}
        onOpenChange={(open) => (open ? undefined : close())}
        title="Final confirmation"
        description={`Type ${CONFIRMATION_WORD} to permanently delete your account.`}
      >
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            confirmDeletion();
          }}
        >
          <Field label={`Type ${CONFIRMATION_WORD} to confirm`}>
            <Input
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
            />
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={close} disabled={deleteAccount.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="danger"
              disabled={!isConfirmed || deleteAccount.isPending}
            >
              {deleteAccount.isPending ? 'Deleting Account...' : 'Delete My Account'}
            </Button>
          </div>
        </form>
      </AccountDialog>
    </Card>
  );
}
