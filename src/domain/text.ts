import { z } from 'zod';

/** Markup in a free-text answer: a tag opening ('<b', '</', '<!') . Plain '<' in '3 < 4' is fine. */
const MARKUP = /<\s*[a-z!/?]/i;

export const NO_MARKUP_MESSAGE =
  'Les balises HTML ne sont pas acceptées\u00a0: écrivez votre texte sans «\u00a0<\u00a0» ni «\u00a0>\u00a0».';

/**
 * Control and invisible format characters (CR, LF, NUL, bidi overrides, line separators): never
 * part of a one-line value, and a way to forge a mail header or hide text from the staff.
 */
export const CONTROL_CHARACTERS = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

export const CONTROL_CHARACTERS_MESSAGE =
  'Ce champ contient un caractère invisible (retour à la ligne, tabulation…)\u00a0: retirez-le.';

/** Trimmed free text, limited in length, refusing markup (public forms are read by staff). */
export function plainText(max: number, tooLong: string) {
  return z
    .string({ error: 'Ce champ doit être du texte.' })
    .trim()
    .max(max, tooLong)
    .refine((v) => !MARKUP.test(v), NO_MARKUP_MESSAGE);
}

/**
 * A person's name: letters of any alphabet with their accents, and the spaces, apostrophes,
 * dots and hyphens names use (Jean-Pierre, N’Diaye, Saint-Exupéry Jr.). No digits, no ':' or
 * '/': a name is greeted in e-mails, so it must not be able to carry a link or a sentence.
 */
const PERSON_NAME = /^\p{L}[\p{L}\p{M}'’. -]*$/u;
export const PERSON_NAME_MAX = 100;

/** `what` is the field's name with its article, as it starts the messages: 'Le nom'. */
export function personName(what: string) {
  return z
    .string({ error: `${what} est requis.` })
    .trim()
    .min(1, `${what} est requis.`)
    .max(PERSON_NAME_MAX, `${what} est trop long (${PERSON_NAME_MAX} caractères au plus).`)
    .regex(
      PERSON_NAME,
      `${what} ne peut contenir que des lettres, des espaces, des apostrophes, des points et des tirets.`,
    );
}
