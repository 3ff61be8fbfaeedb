import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { ListUsersQueryInput, ListUsersResponse } from '../../admin.schema';
import { adminKeys, toSearch } from './admin-keys';

/** GET /api/admin/users: one page of accounts, searched, filtered and sorted on the server. */
export function getAdminUsers(query: ListUsersQueryInput): Promise<ListUsersResponse> {
  return apiRequest<ListUsersResponse>(`/api/admin/users${toSearch({ ...query })}`);
}

export const adminUsersQuery = (query: ListUsersQueryInput) =>
  queryOptions({
    queryKey: adminKeys.userList(query),
    queryFn: () => getAdminUsers(query),
    // The table keeps the last page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(query: ListUsersQueryInput) {
  return useQuery(adminUsersQuery(query));
}
