import { useMutation } from '@tanstack/react-query';
import type { NewsletterSignup, NewsletterSignupResult } from '../../../../api/contract/newsletter';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/newsletter {email, phone, gdprConsent}. */
export function subscribeToNewsletter(input: NewsletterSignup): Promise<NewsletterSignupResult> {
  return apiRequest<NewsletterSignupResult>('POST', '/api/newsletter', input);
}

export function useSubscribeToNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}
