import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import { chainOfTitleKeys } from './chain-of-title-keys';

/** DELETE /api/admin/chain-of-title/documents/{id} (admins; audited). */
export function deleteChainDocument(documentId: number): Promise<{ deleted: true }> {
  return apiRequest(`/api/admin/chain-of-title/documents/${documentId}`, { method: 'DELETE' });
}

export function useDeleteChainDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChainDocument,
    onSettled: () => queryClient.invalidateQueries({ queryKey: chainOfTitleKeys.all }),
  });
}
