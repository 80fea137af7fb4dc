import { z } from 'zod';
import { contactMessageSchema } from '../contact.schema';

/** POST /api/contact: the contact page's form (both brands). */
export const CONTACT_PATH = '/api/contact';
export { contactMessageSchema };
export type { ContactMessage } from '../contact.schema';

/** 201: the stored message's id (0 when a bot filled the hidden field) and the thanks. */
export const contactSentSchema = z.object({ id: z.number().int(), message: z.string() });
export type ContactSent = z.infer<typeof contactSentSchema>;
