import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody, ChangePasswordResult, CurrentUser } from '../../../../api/contract/auth';
import { apiRequest } from '../../../lib/api-client';

/** Partners change their password through the partner endpoint, everyone else through the user one (spec 000 §7). */
export function changePasswordUrl(role: CurrentUser['role']): string {
  return role === 'partner' ? '/api/partner/change-password' : '/api/user/change-password';
}

/**
 * POST /api/{user|partner}/change-password {currentPassword, newPassword, confirmNewPassword} →
 * {message, sessionInvalidated}; sessionInvalidated is true when the user's other sessions were ended.
 * @throws ApiError 400 when the current password is wrong (a Swedish error.message); TypeError offline.
 */
export function postChangePassword(role: CurrentUser['role'], body: ChangePasswordBody): Promise<ChangePasswordResult> {
  return apiRequest<ChangePasswordResult>('POST', changePasswordUrl(role), body);
}

export function useChangePassword(role: CurrentUser['role']) {
  return useMutation({ mutationFn: (body: ChangePasswordBody) => postChangePassword(role, body) });
}
