import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/web/lib/api-client';
import {
  AgreementVerificationSchema,
  type AgreementVerification,
} from '../../agreement-verify.schema';

/** POST /api/agreements/verify (multipart field `file`): was this PDF issued by us? */
export async function verifyAgreement(file: File): Promise<AgreementVerification> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch('/api/agreements/verify', {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
  });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text, response.statusText);
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  const answer = AgreementVerificationSchema.safeParse(json);
  if (!answer.success) throw new ApiError(response.status, text, response.statusText);
  return answer.data;
}

export function useVerifyAgreement() {
  return useMutation({ mutationFn: verifyAgreement });
}
