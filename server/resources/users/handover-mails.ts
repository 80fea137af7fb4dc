import { handoverWork, type HandoverCounts } from '../../../src/domain/api/users';
import { staffNotificationMail, type Mail } from '../../mail/templates';

/**
 * The hunters' mails of issue 29: a record assigned to them, and the records of an archived
 * hunter handed to them. Plain facts with a link to each fiche (no secret in them: the fiche asks
 * the hunter to sign in).
 */

/** A record as these mails name it: who, which kind, and its fiche's address. */
export interface MailedRecord {
  kind: 'buyer' | 'owner';
  name: string;
  url: string;
}

/** Records listed one by one in a handover mail; the rest are counted. */
export const HANDOVER_MAIL_LISTED = 40;

const kindLabel = { buyer: 'acquéreur', owner: 'propriétaire' } as const;

/** « Élodie Martin (acquéreur) ». */
const named = (r: MailedRecord) => `${r.name} (${kindLabel[r.kind]})`;

/** To the hunter a supervisor just gave a buyer or an owner lead. */
export function assignedMail(to: string, record: MailedRecord, byName: string | null): Mail {
  return staffNotificationMail(
    to,
    `Nouveau dossier pour vous\u00a0: ${named(record)}`,
    `${byName ?? 'Un responsable'} vous a attribué ce dossier. Il apparaît dans vos listes et sur «\u00a0Aujourd’hui\u00a0».`,
    [
      [record.kind === 'buyer' ? 'Acquéreur' : 'Propriétaire', record.name],
      ['Fiche', record.url],
    ],
  );
}

/** To the hunter who takes over the records of an archived one: one mail listing them. */
export function handoverMail(to: string, fromName: string, records: readonly MailedRecord[]): Mail {
  const counts: HandoverCounts = {
    buyers: records.filter((r) => r.kind === 'buyer').length,
    leads: records.filter((r) => r.kind === 'owner').length,
  };
  const work = handoverWork(counts);
  const listed = records.slice(0, HANDOVER_MAIL_LISTED);
  const rest = records.length - listed.length;
  return staffNotificationMail(
    to,
    `Dossiers confiés\u00a0: ${work} de ${fromName}`,
    `Le compte de ${fromName} est archivé et ses dossiers vous sont confiés\u00a0: ${work}. Ils apparaissent déjà dans vos listes et sur «\u00a0Aujourd’hui\u00a0».`,
    [
      ...listed.map((r): [string, string] => [named(r), r.url]),
      ...(rest > 0
        ? [
            ['Et encore', `${rest} dossier${rest > 1 ? 's' : ''}, dans vos listes`] as [
              string,
              string,
            ],
          ]
        : []),
    ],
  );
}
