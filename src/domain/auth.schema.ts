import { z } from 'zod';
import { emailSchema } from './contact.schema';
import { passwordSchema, passwordWithConfirmSchema } from './password';
import type { User } from './user.schema';

/**
 * Sign-in form (spec 3.2, 5): e-mail and password required, nothing more; the form sends them as
 * `username` and `password`. The e-mail is trimmed, the password never is: spaces are password
 * characters (NIST SP 800-63B), and the rule that set it (passwordSchema) keeps them too.
 */
export const loginFormSchema = z.object({
  email: z
    .string({ error: 'L’adresse e-mail est requise.' })
    .trim()
    .min(1, 'L’adresse e-mail est requise.'),
  password: z
    .string({ error: 'Le mot de passe est requis.' })
    .min(1, 'Le mot de passe est requis.'),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** POST /api/login body. */
export const loginRequestSchema = z.object({
  username: z
    .string({ error: 'L’adresse e-mail est requise.' })
    .trim()
    .min(1, 'L’adresse e-mail est requise.')
    .max(254),
  password: z
    .string({ error: 'Le mot de passe est requis.' })
    .min(1, 'Le mot de passe est requis.')
    .max(200),
});

/** POST /api/login answer (spec 3.2). On failure: success false and a French message. */
export interface LoginResponse {
  success: boolean;
  message: string;
  token?: string;
  user?: User;
}

/**
 * Signed token payload: exp in seconds, roles as numeric codes, the account id (sub), the
 * session version (sv: a password change ends older tokens), a token id. Spec 3.2 puts the
 * user's data in it; it travels beside the token instead (login answer, GET /api/user), so a
 * token copied into a log or a support ticket carries no e-mail, phone or address.
 */
export interface TokenPayload {
  sub: string;
  jti: string;
  exp: number;
  iat: number;
  roles: number[];
  sv: number;
}

/** POST /api/{role}/changepassword. */
export const changePasswordSchema = z.object({
  oldPassword: z
    .string({ error: 'Le mot de passe actuel est requis.' })
    .min(1, 'Le mot de passe actuel est requis.'),
  newPassword: passwordSchema,
});

/** POST /api/auth/forgot-password and /api/auth/resend-activation. */
export const emailRequestSchema = z.object({ email: emailSchema });

/** POST /api/auth/reset-password. */
export const resetPasswordSchema = z
  .object({
    token: z.string({ error: 'Le lien est incomplet.' }).min(10, 'Le lien est incomplet.').max(200),
  })
  .and(passwordWithConfirmSchema);

/** POST /api/auth/activate. */
export const activationSchema = z.object({
  code: z.string({ error: 'Le lien est incomplet.' }).min(10, 'Le lien est incomplet.').max(200),
});
