import { z } from 'zod';

/**
 * Sign-in and account links (spec 3.2, 4.1, 7): paths and request schemas shared by
 * server/resources/auth and the sign-in pages. The schemas live in auth.schema.ts, which the
 * sign-in form also uses.
 */
export {
  activationSchema,
  emailRequestSchema,
  loginRequestSchema,
  resetPasswordSchema,
  type LoginResponse,
} from '../auth.schema';

export const LOGIN_PATH = '/api/login';
export const LOGOUT_PATH = '/api/auth/logout';
export const ACTIVATE_PATH = '/api/auth/activate';
export const RESEND_ACTIVATION_PATH = '/api/auth/resend-activation';
export const FORGOT_PASSWORD_PATH = '/api/auth/forgot-password';
export const RESET_PASSWORD_PATH = '/api/auth/reset-password';

/** A request's answer that says nothing else (the same whatever the account, for the links). */
export const messageSchema = z.object({ message: z.string() });

/** POST /api/login and /api/auth/activate: the session's token and the user (spec 3.2). */
export const loginResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  token: z.string().optional(),
  user: z.looseObject({ _id: z.string(), roles: z.array(z.number().int()) }).optional(),
});
