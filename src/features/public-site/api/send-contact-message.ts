import type { ContactMessage } from '../../../domain/contact.schema';
import { api } from '../../../lib/api';

export interface ContactMessageSent {
  id: number;
  message: string;
}

/** POST /api/contact with a message already validated by contactMessageSchema. */
export function sendContactMessage(
  message: ContactMessage & { website?: string },
): Promise<ContactMessageSent> {
  return api<ContactMessageSent>('/api/contact', { method: 'POST', body: message });
}
