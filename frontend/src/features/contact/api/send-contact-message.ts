import type { ContactAccepted, ContactSubject } from '@coffee-guide/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface ContactForm {
  name: string;
  email: string;
  subject: ContactSubject;
  message: string;
  /** A report-an-error message: the page it came from and the item (`drink:12`, `stand:7`). */
  page?: string;
  item?: string;
  /** The honeypot: sent only when a form-filling bot filled it. */
  website?: string;
}

/** POST /api/contact: the form's fields (docs/decisions.md, "Contact inbox"); 202 with the queued job's id. */
export function sendContactMessage(form: ContactForm): Promise<ContactAccepted> {
  return apiRequest<ContactAccepted>('/api/contact', { method: 'POST', body: form });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
