import { z } from 'zod';
import { registerSchema } from '../buyer-signup.schema';

/** POST /api/register (spec 2.6, 7): an unconfirmed client account and its project. */
export const REGISTER_PATH = '/api/register';
export { registerSchema };
export type { RegisterRequest } from '../buyer-signup.schema';

/** 201: the new account's id and what to do next (confirm the e-mail address). */
export const registeredSchema = z.object({ id: z.string(), message: z.string() });
export type Registered = z.infer<typeof registeredSchema>;
