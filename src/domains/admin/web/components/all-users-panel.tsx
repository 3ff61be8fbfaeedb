import { useState } from 'react';
import { KeyRound, Settings2, Trash2, Users } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { DataTable, type DataTableColumn, type SortState } from '@/web/components/ui/data-table';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Input, Select } from '@/web/components/ui/input';
import { LoadError } from '@/web/components/ui/load-error';
import { formatShortDate } from '@/web/lib/format';
import type { AdminUser, AdminUserSort, ListUsersQueryInput } from '../../admin.schema';
import { useAdminUsers } from '../api/get-admin-users';
import { DeleteUserDialog } from './delete-user-dialog';
import { ManageUserDialog } from './manage-user-dialog';
import { Pager } from './pager';
import { ResetPasswordDialog } from './reset-password-dialog';
import { RoleBadge, StatusBadge, TierBadge, VerifiedBadge } from './user-badges';
import { useDebouncedValue } from './use-debounced-value';

const SORTABLE: AdminUserSort[] = ['name', 'email', 'role', 'tier', 'createdAt', 'lastLoginAt'];

type Dialogs =
  | { kind: 'manage'; user: AdminUser }
  | { kind: 'reset'; user: AdminUser }
  | { kind: 'delete'; user: AdminUser }
  | null;

/** The table's columns; the actions column opens a dialog for its row's user. */
function userColumns(openDialog: (dialog: Dialogs) => void): DataTableColumn<AdminUser>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      cell: (user) => (
        <span className="font-medium whitespace-nowrap text-ink">
          {user.firstName} {user.lastName}
          {user.companyName ? (
            <span className="block text-xs font-normal text-ink-muted">{user.companyName}</span>
          ) : null}
        </span>
      ),
    },
    { id: 'email', header: 'Email', cell: (user) => user.email },
    { id: 'role', header: 'Role', cell: (user) => <RoleBadge role={user.role} /> },
    { id: 'tier', header: 'Tier', cell: (user) => <TierBadge tier={user.membershipTier} /> },
    { id: 'verified', header: 'Verified', cell: (user) => <VerifiedBadge user={user} /> },
    { id: 'status', header: 'Status', cell: (user) => <StatusBadge status={user.status} /> },
    { id: 'createdAt', header: 'Joined', cell: (user) => formatShortDate(user.createdAt) },
    {
      id: 'lastLoginAt',
      header: 'Last sign-in',
      cell: (user) => (user.lastLoginAt ? formatShortDate(user.lastLoginAt) : 'Never'),
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (user) => {
        const name = `${user.firstName} ${user.lastName}`;
        return (
          <div className="flex justify-end gap-1">
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Manage ${name}`}
              onClick={() => openDialog({ kind: 'manage', user })}
            >
              <Settings2 className="h-4 w-4" aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Reset password of ${name}`}
              onClick={() => openDialog({ kind: 'reset', user })}
            >
              <KeyRound className="h-4 w-4" aria-hidden="true" />
            </Button>
            {user.role === 'admin' ? null : (
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Delete ${name}`}
                onClick={() => openDialog({ kind: 'delete', user })}
              >
                <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
              </Button>
            )}
          </div>
        );
      },
    },
  ];
}

/** All Users: the server's pages of accounts, searched (debounced), filtered and sorted. */
export function AllUsersPanel({ currentAdminId }: { currentAdminId: number }) {
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<ListUsersQueryInput['role']>();
  const [status, setStatus] = useState<ListUsersQueryInput['status']>();
  const [sort, setSort] = useState<SortState>({ columnId: 'createdAt', direction: 'desc' });
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialogs>(null);
  const debouncedSearch = useDebouncedValue(search.trim());

  const query: ListUsersQueryInput = {
    page,
    pageSize: 20,
    search: debouncedSearch || undefined,
    role,
    status,
    sort: sort.columnId as AdminUserSort,
    order: sort.direction,
  };
  const users = useAdminUsers(query);

  const columns = userColumns(setDialog);

  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto]">
        <Input
          type="search"
          aria-label="Search users by name, email or company"
          placeholder="Search name, email or company"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
        <Select
          aria-label="Filter by role"
          value={role ?? ''}
          onChange={(event) => {
            setRole((event.target.value || undefined) as ListUsersQueryInput['role']);
            setPage(1);
          }}
        >
          <option value="">All roles</option>
          <option value="producer">Producers</option>
          <option value="agent">Agents</option>
          <option value="admin">Admins</option>
        </Select>
        <Select
          aria-label="Filter by status"
          value={status ?? ''}
          onChange={(event) => {
            setStatus((event.target.value || undefined) as ListUsersQueryInput['status']);
            setPage(1);
          }}
        >
          <option value="">Any status</option>
          <option value="active">Active</option>
          <option value="suspended">Suspended</option>
        </Select>
      </div>
      {users.isError ? (
        <LoadError title="Could not load users" onRetry={() => void users.refetch()} />
      ) : (
        <>
          <DataTable
            caption="All users"
            columns={columns}
            rows={users.data?.users}
            rowKey={(user) => user.id}
            isLoading={users.isPending}
            sort={sort}
            onSortChange={(next) => {
              setSort(next);
              setPage(1);
            }}
            sortableColumnIds={SORTABLE}
            empty={<EmptyState icon={Users} title="No users found" text="Try another search." />}
          />
          {users.data ? (
            <Pager
              page={users.data.page}
              totalPages={users.data.totalPages}
              total={users.data.total}
              noun={['user', 'users']}
              onPageChange={setPage}
            />
          ) : null}
        </>
      )}
      {dialog?.kind === 'manage' ? (
        <ManageUserDialog user={dialog.user} currentAdminId={currentAdminId} onOpenChange={close} />
      ) : null}
      {dialog?.kind === 'reset' ? (
        <ResetPasswordDialog user={dialog.user} onOpenChange={close} />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteUserDialog user={dialog.user} onOpenChange={close} />
      ) : null}
    </div>
  );
}
