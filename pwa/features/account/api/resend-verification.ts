import { useMutation } from '@tanstack/react-query';
import type { MessageResult } from '../../../../api/contract/auth';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/auth/resend-verification → 202 {message}: a new verification link to the signed-in member's address
 * (older links stop working). The same answer when there is nothing to send.
 * @throws ApiError 429 after 5 requests an hour (a Swedish error.message); TypeError offline.
 */
export function postResendVerification(): Promise<MessageResult> {
  return apiRequest<MessageResult>('POST', '/api/auth/resend-verification');
}

export function useResendVerification() {
  return useMutation({ mutationFn: postResendVerification });
}
