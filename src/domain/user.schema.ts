import { z } from 'zod';
import { emailSchema } from './contact.schema';
import { FRENCH_PHONE_PATTERN } from './phone';
import { personName } from './text';
import type { RoleCode } from './roles';

/** The current user as the API sends it and the client keeps it (spec 3.1). Never a hash. */
export interface User {
  _id: string;
  lastname: string;
  firstname: string;
  email: string;
  phone: string;
  address: string;
  roles: RoleCode[];
  childrenCount: number;
  isArchived: boolean;
  isActive: boolean;
  /** The hunter assigned to a client; null until one is. */
  idChasseur: string | null;
}

export const phoneSchema = z
  .string({ error: 'Le numéro de téléphone est requis.' })
  .trim()
  .min(1, 'Le numéro de téléphone est requis.')
  .regex(FRENCH_PHONE_PATTERN, 'Saisissez un numéro français valide, par exemple 06 12 34 56 78.');

/** A person's name, e-mail and phone, as both long forms ask them (the owner's CONTACT, the buyer's USER). */
export const identitySchema = z.object({
  lastname: personName('Le nom'),
  firstname: personName('Le prénom'),
  email: emailSchema,
  phone: phoneSchema,
});

/** PUT /api/{role}/update/: the fields a person may change on their own profile (not _id, roles, e-mail). */
export const profileUpdateSchema = z
  .object({
    lastname: personName('Le nom'),
    firstname: personName('Le prénom'),
    phone: phoneSchema,
    address: z
      .string({ error: 'L’adresse doit être du texte.' })
      .trim()
      .max(300, 'L’adresse est trop longue.')
      .default(''),
    childrenCount: z.coerce
      .number({ error: 'Le nombre d’enfants doit être un nombre.' })
      .int('Le nombre d’enfants doit être un entier.')
      .min(0, 'Le nombre d’enfants ne peut pas être négatif.')
      .max(20, 'Le nombre d’enfants semble trop grand.')
      .default(0),
  })
  .strip();

export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

export { emailSchema };
