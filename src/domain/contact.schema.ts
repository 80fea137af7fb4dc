import { z } from 'zod';
import { codedOptions } from './options';
import { FRENCH_PHONE_PATTERN } from './phone';
import { CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE } from './text';

/**
 * An address a mail can be sent to: the WHATWG rule browsers apply to type="email" (no quotes,
 * commas, angle brackets or spaces, so one value is one mailbox and never a list or a header),
 * with a dotted domain whose last label has two letters or more. Whether it exists is the
 * mailbox's business.
 */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*\.[a-zA-Z]{2,63}$/;

export const emailSchema = z
  .string({ error: 'L’adresse e-mail est requise.' })
  .trim()
  .min(1, 'L’adresse e-mail est requise.')
  .max(254, 'L’adresse e-mail est trop longue.')
  .regex(EMAIL_PATTERN, 'Saisissez une adresse e-mail valide, par exemple nom@exemple.fr.');

export const contactSubjects = codedOptions({
  achat: 'Acheter avec un chasseur immobilier',
  vente: 'Vendre mon bien',
  'home-staging': 'Home staging et décoration (homestylz)',
  recrutement: 'Devenir chasseur immobilier',
  partenariat: 'Devenir partenaire',
  autre: 'Autre demande',
});

export type ContactSubject = (typeof contactSubjects)[number]['value'];

const subjectValues = contactSubjects.map((s) => s.value) as [ContactSubject, ...ContactSubject[]];

export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

/** Contact form: validated in the page and again, with the same schema, by POST /api/contact. */
export const contactMessageSchema = z.object({
  name: z
    .string({ error: 'Votre nom est requis.' })
    .trim()
    .min(2, 'Votre nom est requis.')
    .max(120, 'Votre nom est trop long (120 caractères au plus).')
    .refine((v) => !CONTROL_CHARACTERS.test(v), CONTROL_CHARACTERS_MESSAGE)
    // The name heads the team's mail: it must not carry a link.
    .refine((v) => !/:\/\/|www\./i.test(v), 'Votre nom ne peut pas contenir d’adresse web.'),
  email: emailSchema,
  phone: z
    .string({ error: 'Le numéro de téléphone doit être du texte.' })
    .trim()
    .max(30, 'Le numéro de téléphone est trop long.')
    .refine((v) => v === '' || FRENCH_PHONE_PATTERN.test(v), {
      message: 'Saisissez un numéro français valide, par exemple 06 12 34 56 78.',
    })
    .default(''),
  subject: z.enum(subjectValues, { error: 'Choisissez l’objet de votre demande.' }),
  message: z
    .string({ error: 'Votre message est requis.' })
    .trim()
    .min(
      CONTACT_MESSAGE_MIN,
      `Votre message doit contenir au moins ${CONTACT_MESSAGE_MIN} caractères.`,
    )
    .max(
      CONTACT_MESSAGE_MAX,
      `Votre message ne doit pas dépasser ${CONTACT_MESSAGE_MAX} caractères.`,
    ),
  consent: z.literal(true, {
    error: 'Vous devez accepter que vos données soient utilisées pour répondre à votre demande.',
  }),
  brand: z.enum(['main', 'homestylz']).default('main'),
});

export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;
