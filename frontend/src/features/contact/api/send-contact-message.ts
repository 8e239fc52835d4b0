import type { ApiAnswer, ApiRequestBody } from '@coffee-guide/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * What the form sends: the body POST /api/contact takes (libs/contracts contactMessageInputSchema), a
 * report-an-error message's page and item (`drink:12`, `stand:7`) and the honeypot `website` included.
 */
export type ContactForm = ApiRequestBody<'contact'>;

/** POST /api/contact: the form's fields (docs/decisions.md, "Contact inbox"); 202 with the queued job's id. */
export function sendContactMessage(form: ContactForm): Promise<ApiAnswer<'contact'>> {
  return apiRequest<ApiAnswer<'contact'>>('/api/contact', { method: 'POST', body: form });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
