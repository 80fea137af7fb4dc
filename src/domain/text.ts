import { z } from 'zod';

/** Markup in a free-text answer: a tag opening ('<b', '</', '<!') . Plain '<' in '3 < 4' is fine. */
const MARKUP = /<\s*[a-z!/?]/i;

export const NO_MARKUP_MESSAGE =
  'Les balises HTML ne sont pas acceptées : écrivez votre texte sans « < » ni « > ».';

/** Trimmed free text, limited in length, refusing markup (public forms are read by staff). */
export function plainText(max: number, tooLong: string) {
  return z
    .string({ error: 'Ce champ doit être du texte.' })
    .trim()
    .max(max, tooLong)
    .refine((v) => !MARKUP.test(v), NO_MARKUP_MESSAGE);
}
