import { z } from 'zod';
import { emailSchema } from '../contact.schema';
import { isRoleCode } from '../role-names';
import type { RoleCode } from '../roles';
import { personName } from '../text';
import { phoneSchema, type User } from '../user.schema';
import { archivedSchema, pagingSchema, searchSchema, versionSchema, type Page } from './lists';

/**
 * Users (issue 15, spec 7's user paths): the admins' CRUD of accounts and the staff lists of
 * them. Written once, for server/resources/users and the « Utilisateurs » screen.
 */

export const USERS_PATH = '/api/admin/users';
/** GET: what the account still works (HandoverCounts). */
export const handoverPath = (userId: string) =>
  `${USERS_PATH}/${encodeURIComponent(userId)}/handover`;
/** How many roles an account may hold at most. */
export const ROLES_MAX = 5;
/** A hunter's id (an account id). */
export const HUNTER_ID_MAX = 64;

export const ROLE_UNKNOWN = 'Ce rôle n’existe pas.';

const roleCode = z
  .number({ error: ROLE_UNKNOWN })
  .refine((v): v is RoleCode => isRoleCode(v), ROLE_UNKNOWN);

/** GET /api/users, /api/admin/users, /api/:chasseurId/chasseurusers: ?q=&role=&archived=&page=&pageSize= */
export const userListQuerySchema = z.object({
  ...searchSchema,
  role: z.coerce.number({ error: ROLE_UNKNOWN }).refine(isRoleCode, ROLE_UNKNOWN).optional(),
  ...archivedSchema,
  ...pagingSchema,
});
export type UserListQuery = z.output<typeof userListQuerySchema>;

/** POST /api/admin/users: the account's fields. */
export const userFieldsSchema = z.object({
  lastname: personName('Le nom'),
  firstname: personName('Le prénom'),
  email: emailSchema,
  phone: phoneSchema.or(z.literal('')).default(''),
  roles: z
    .array(roleCode, { error: 'Choisissez un rôle.' })
    .min(1, 'Choisissez au moins un rôle.')
    .max(ROLES_MAX, `Choisissez au plus ${ROLES_MAX} rôles.`),
  idChasseur: z.string().trim().min(1).max(HUNTER_ID_MAX).nullable().default(null),
});
export type UserFields = z.output<typeof userFieldsSchema>;
export type UserFieldsInput = z.input<typeof userFieldsSchema>;

const userVersion = versionSchema('du compte');

/** PUT /api/admin/users/:id: the fields, on the version the admin read. */
export const userEditSchema = userFieldsSchema.extend({ version: userVersion });
export type UserEdit = z.output<typeof userEditSchema>;
export type UserEditInput = z.input<typeof userEditSchema>;

/**
 * PUT /api/users/:id: archive or bring back an account, on the version the admin read. A hunter
 * who still has buyers or owner leads is archived only with `handTo` (issue 29): the active
 * hunter who takes them, or null for the managers' pool (unassigned); without it, 409 with
 * `handover` (the counts).
 */
export const userArchiveSchema = z.object({
  isArchived: z.boolean({ error: 'isArchived vaut true ou false.' }),
  version: userVersion,
  handTo: z
    .string({ error: 'Choisissez à qui confier ses dossiers.' })
    .trim()
    .min(1, 'Choisissez à qui confier ses dossiers.')
    .max(HUNTER_ID_MAX)
    .nullable()
    .optional(),
});
export type UserArchive = z.output<typeof userArchiveSchema>;

/** What a hunter still works: their buyers (client accounts) and owner leads. */
export interface HandoverCounts {
  buyers: number;
  leads: number;
}

/** 409 of an archive without `handTo` while the hunter still has work. */
export interface HandoverNeededBody {
  message: string;
  handover: HandoverCounts;
}

const counted = (n: number, one: string, many: string) =>
  `${n.toLocaleString('fr-FR')}\u00a0${n === 1 ? one : many}`;

/** « 9 acquéreurs et 2 propriétaires », the non-zero parts only. */
export function handoverWork({ buyers, leads }: HandoverCounts): string {
  const parts = [
    buyers ? counted(buyers, 'acquéreur', 'acquéreurs') : '',
    leads ? counted(leads, 'propriétaire', 'propriétaires') : '',
  ].filter(Boolean);
  return parts.join(' et ');
}

/** « Karim Benali suit encore 9 acquéreurs et 2 propriétaires : choisissez à qui les confier. » */
export const handoverNeeded = (name: string, counts: HandoverCounts) =>
  `${name} suit encore ${handoverWork(counts)}\u00a0: choisissez à qui les confier.`;

/** A user as the staff API answers it: the account and its version (sent back with a change). */
export type UserRow = User & { version: number };

/** GET /api/admin/users and the other user lists. */
export type UserPage = Page<UserRow>;

/** 409 of a user edit or archive made on a stale version: `current` is the account now. */
export interface UserStaleBody {
  message: string;
  current: UserRow;
}

export const USER_STALE =
  'Ce compte vient d’être modifié par quelqu’un d’autre. Il a été rechargé\u00a0: vérifiez-le puis refaites votre changement.';
