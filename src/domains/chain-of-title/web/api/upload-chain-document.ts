import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { ChainDocument, ChainDocumentForm } from '../../chain-of-title.schema';
import { chainOfTitleKeys } from './chain-of-title-keys';

export interface UploadChainDocumentInput {
  listingId: number;
  fields: ChainDocumentForm;
  file: File;
}

/**
 * POST /api/admin/chain-of-title/listings/{id}/documents: multipart with the form's fields
 * first and the PDF last (field `file`). Errors are ApiErrors: 400 with `fields`, 413, 415.
 */
export function uploadChainDocument({
  listingId,
  fields,
  file,
}: UploadChainDocumentInput): Promise<{ document: ChainDocument }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value ?? '');
  form.append('file', file);
  return apiRequest(`/api/admin/chain-of-title/listings/${listingId}/documents`, {
    method: 'POST',
    body: form,
  });
}

export function useUploadChainDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadChainDocument,
    onSettled: () => queryClient.invalidateQueries({ queryKey: chainOfTitleKeys.all }),
  });
}
