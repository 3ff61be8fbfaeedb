import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LOGGED_OUT_REDIRECT_MS } from '@/domains/accounts/web';
import { Eye, FilePlus2, Pencil, Trash2 } from 'lucide-react';
import { Badge } from '@/web/components/ui/badge';
import { Button, buttonClasses } from '@/web/components/ui/button';
import { DataTable, type DataTableColumn } from '@/web/components/ui/data-table';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { EmptyState } from '@/web/components/ui/empty-state';
import { LoadError } from '@/web/components/ui/load-error';
import { useToast } from '@/web/components/ui/toast';
import { isUnauthorizedError } from '@/web/lib/api-client';
import { cn } from '@/web/lib/cn';
import { paths } from '@/shared/paths';
import type { AgentListing } from '../../offers.schema';
import { useAgentListings, useDeleteListing } from '../api/agent-workspace';

const STATUS_TONES: Record<string, 'green' | 'amber' | 'slate' | 'red' | 'blue'> = {
  available: 'green',
  optioned: 'amber',
  sold: 'blue',
  draft: 'slate',
  withdrawn: 'red',
};

/** The offer counters shown per listing (total means every offer that reached the agent). */
const OFFER_COUNT_COLUMNS = [
  { key: 'total', header: 'Offers' },
  { key: 'pending', header: 'Pending' },
  { key: 'accepted', header: 'Accepted' },
] as const;

function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** The table's columns: title, status, views, favourites, offer counts, and the actions. */
function listingColumns({
  onEdit,
  onDelete,
}: {
  onEdit: (listingId: number) => void;
  onDelete: (listing: AgentListing) => void;
}): DataTableColumn<AgentListing>[] {
  return [
    {
      id: 'title',
      header: 'Title',
      sortValue: (row) => row.title,
      cell: (row) => (
        <div className="min-w-48">
          <span className="font-medium text-ink">{row.title}</span>
          <span className="block text-xs text-ink-muted">by {row.author}</span>
        </div>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      sortValue: (row) => row.status,
      cell: (row) => (
        <Badge tone={STATUS_TONES[row.status] ?? 'slate'}>{statusLabel(row.status)}</Badge>
      ),
    },
    {
      id: 'views',
      header: 'Views',
      align: 'right',
      sortValue: (row) => row.views,
      cell: (row) => row.views,
    },
    {
      id: 'favourites',
      header: 'Favourites',
      align: 'right',
      sortValue: (row) => row.favourites,
      cell: (row) => row.favourites,
    },
    ...OFFER_COUNT_COLUMNS.map(({ key, header }): DataTableColumn<AgentListing> => ({
      id: key,
      header,
      align: 'right',
      sortValue: (row) => row.offerCounts[key],
      cell: (row) => row.offerCounts[key],
    })),
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (row) => (
        <div className="flex justify-end gap-1">
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onEdit(row.id)}
            aria-label={`Edit ${row.title}`}
          >
            <Pencil aria-hidden="true" className="h-4 w-4" />
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onDelete(row)}
            aria-label={`Delete ${row.title}`}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
          </Button>
          <Link
            to={paths.listing(row.id)}
            className={cn(buttonClasses('ghost', 'sm'))}
            aria-label={`View ${row.title}`}
          >
            <Eye aria-hidden="true" className="h-4 w-4" />
          </Link>
        </div>
      ),
    },
  ];
}

interface AgentListingsTableProps {
  agentId: number;
  onEdit: (listingId: number) => void;
  onCreate: () => void;
}

/** My IP Assets: the agent's listings with their offers, and edit, delete and view. */
export function AgentListingsTable({ agentId, onEdit, onCreate }: AgentListingsTableProps) {
  const listings = useAgentListings(agentId);
  const remove = useDeleteListing();
  const toast = useToast();
  const navigate = useNavigate();
  const [toDelete, setToDelete] = useState<AgentListing | null>(null);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: (result) => {
        toast({
          title: 'IP asset deleted successfully.',
          description:
            result.outcome === 'withdrawn'
              ? 'It carries an accepted offer, so it is kept as that deal’s record, withdrawn from the marketplace.'
              : result.releasedHolds > 0
                ? `${result.releasedHolds} open ${result.releasedHolds === 1 ? 'offer was' : 'offers were'} rejected and the card holds released.`
                : undefined,
          variant: 'success',
        });
        setToDelete(null);
      },
      onError: (error) => {
        setToDelete(null);
        if (isUnauthorizedError(error)) {
          setTimeout(() => navigate(paths.auth), LOGGED_OUT_REDIRECT_MS);
          return;
        }
        toast({
          title: 'Error',
          description: 'Failed to delete IP asset. Please try again.',
          variant: 'destructive',
        });
      },
    });
  };

  const columns = listingColumns({ onEdit, onDelete: setToDelete });

  if (listings.isError) {
    return (
      <LoadError title="Failed to load your listings" onRetry={() => void listings.refetch()} />
    );
  }
  const pendingHolds = toDelete?.offerCounts.pending ?? 0;
  return (
    <>
      <DataTable
        caption="Your IP assets"
        columns={columns}
        rows={listings.data}
        rowKey={(row) => row.id}
        isLoading={listings.isPending}
        empty={
          <EmptyState icon={FilePlus2} title="No listings yet" text="List your first title.">
            <Button onClick={onCreate}>New Listing</Button>
          </EmptyState>
        }
      />
      <Dialog open={toDelete !== null} onOpenChange={(open) => (open ? null : setToDelete(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete {toDelete?.title}?</DialogTitle>
            <DialogDescription>
              {toDelete && toDelete.offerCounts.accepted > 0
                ? 'This listing carries an accepted offer: it will be withdrawn from the marketplace and kept as that deal’s record.'
                : 'The listing and its images will be removed from the marketplace for good.'}
              {pendingHolds > 0
                ? ` ${pendingHolds} pending ${pendingHolds === 1 ? 'offer' : 'offers'} will be rejected and the card holds released.`
                : ''}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setToDelete(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={confirmDelete}
              disabled={remove.isPending}
              aria-busy={remove.isPending}
            >
              Delete
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
