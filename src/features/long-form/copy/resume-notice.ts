import { formatTime } from '../../../domain/french-date';
import { parisDay } from '../../../domain/paris-time';

/** « Reprise de votre saisie du 22/11 à 14 h 05 »: when the copy was last saved, Paris time. */
export function resumeNotice(updatedAt: string): string {
  return `Reprise de votre saisie du ${savedOn(updatedAt)}`;
}

/** « 22/11 à 14 h 05 » (Paris time). */
export function savedOn(updatedAt: string): string {
  const [, month, day] = parisDay(updatedAt).split('-');
  return `${day}/${month} à ${formatTime(updatedAt)}`;
}
