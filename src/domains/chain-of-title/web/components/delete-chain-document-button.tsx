import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/web/components/ui/dialog';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import type { ChainDocument } from '../../chain-of-title.schema';
import { useDeleteChainDocument } from '../api/delete-chain-document';

/** Delete a wrongly filed document, after a confirmation naming it. */
export function DeleteChainDocumentButton({ document }: { document: ChainDocument }) {
  const [isOpen, setIsOpen] = useState(false);
  const remove = useDeleteChainDocument();
  const toast = useToast();
  const confirm = () =>
    remove.mutate(document.id, {
      onSuccess: () => {
        setIsOpen(false);
        toast({ title: 'Document deleted', description: document.title, variant: 'success' });
      },
      onError: (error) =>
        toast({
          title: 'The document could not be deleted',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Delete ${document.title}`}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          Delete
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete this document?</DialogTitle>
          <DialogDescription>
            &ldquo;{document.title}&rdquo; and its PDF will be removed from the chain of title. The
            deletion is recorded in the admin audit log. Only do this for a document filed by
            mistake.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="danger" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? 'Deleting…' : 'Delete document'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
