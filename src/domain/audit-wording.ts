/**
 * A record's history in words (issue 29): each audit entry (server/staff/audit.ts) as one French
 * sentence a hunter reads on a phone, « Étape : En cours de validation → Mandat signé, par Karim
 * Benali, avec la note « … » », never its stored keys (« projectId : 1 », « visibleToClient :
 * false »). An action this file does not know gets a plain sentence, never its JSON.
 */
import type { BuyerProject } from './buyer-signup.schema';
import { documentKindLabel, type DocumentKind } from './client-documents';
import { formatDayDateTime } from './french-date';
import { projectCriteria } from './project-view';
import { leadStatuses, stageLabel } from './staff';
import type { AuditView } from './staff-views';
import { recommendations } from './visit-report.schema';
import { visitAnswerLabels, type VisitAnswer } from './api/visits';

const NBSP = '\u00a0';

/** What the history shows of an entry: its sentence, and the lines under it (what changed). */
export interface AuditWords {
  text: string;
  details: string[];
}

type Fields = Record<string, unknown>;

const fieldsOf = (value: unknown): Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : {};

const textOf = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

const numberOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** « « texte » », French quotes with their no-break spaces. */
const quoted = (text: string) => `«${NBSP}${text}${NBSP}»`;

/** « Étape : … », the colon after its no-break space. */
const labelled = (label: string, value: string) => `${label}${NBSP}: ${value}`;

const plural = (n: number, one: string, many: string) => `${n}${NBSP}${n > 1 ? many : one}`;

const leadStatusLabel = (status: unknown): string | null =>
  leadStatuses.find((s) => s.value === status)?.label ?? null;

const documentLabel = (kind: unknown): string | null =>
  typeof kind === 'string' ? documentKindLabel(kind as DocumentKind) : null;

const recommendationLabel = (value: unknown): string | null =>
  recommendations.find((r) => r.value === value)?.label ?? null;

const answerLabel = (value: unknown): string | null =>
  typeof value === 'string' && value in visitAnswerLabels
    ? visitAnswerLabels[value as VisitAnswer]
    : null;

const dateOf = (value: unknown, now: number): string | null =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value))
    ? formatDayDateTime(value, now)
    : null;

/** An account's fields as the users screen names them, for « Compte modifié : … ». */
const userFieldLabels: Record<string, string> = {
  firstname: 'prénom',
  lastname: 'nom',
  email: 'e-mail',
  phone: 'téléphone',
  roles: 'rôles',
  idChasseur: 'chasseur attitré',
  isActive: 'activation',
  isArchived: 'archivage',
};

const isProject = (value: unknown): value is BuyerProject =>
  Array.isArray(fieldsOf(value).department) && Array.isArray(fieldsOf(value).cities);

/** The criteria a client's edit moved, as the fiche names them (« Budget : 650 000 € → … »). */
function criteriaMoves(before: unknown, after: unknown): string[] {
  if (!isProject(before) || !isProject(after)) return [];
  const old = new Map(projectCriteria(before));
  return projectCriteria(after)
    .filter(([term, value]) => old.get(term) !== value)
    .map(([term, value]) => labelled(term, `${old.get(term) || '—'} → ${value || '—'}`));
}

/**
 * Whose name the entry mentions: the hunter a record was given to (`hunterId`, the lead's
 * `assigned_to`), from the names the server sent with the entry.
 */
function hunterOf(entry: AuditView, fields: Fields): string | null | undefined {
  const id = fields.hunterId !== undefined ? fields.hunterId : fields.assigned_to;
  if (id === undefined) return undefined;
  if (id === null) return null;
  return typeof id === 'string' ? (entry.names?.[id] ?? 'un autre chasseur') : 'un autre chasseur';
}

/** The entry's sentence and lines, without its author (added by {@link auditWords}). */
function wordsOf(
  entry: AuditView,
  now: number,
): { text: string; by?: false; tail?: string; details?: string[] } {
  const before = fieldsOf(entry.before);
  const after = fieldsOf(entry.after);
  switch (entry.action) {
    case 'stage': {
      const text = labelled(
        'Étape',
        `${stageLabel(String(before.stage ?? '—'))} → ${stageLabel(String(after.stage ?? '—'))}`,
      );
      const note = textOf(after.note);
      // Whether the client was told by e-mail, when the entry says it.
      const told = typeof after.notify === 'boolean' ? after.notify : after.notifyClient;
      return {
        text,
        tail: note ? `, avec la note ${quoted(note)}` : '',
        details:
          told === true
            ? ['Client prévenu par e-mail']
            : told === false
              ? ['Client non prévenu']
              : [],
      };
    }
    case 'assign': {
      const hunter = hunterOf(entry, after);
      const previous = hunterOf(entry, before);
      if (hunter === undefined) return { text: 'Attribution modifiée' };
      const text = hunter === null ? 'Attribution retirée' : `Affecté à ${hunter}`;
      return {
        text,
        details: previous ? [`Auparavant${NBSP}: ${previous}`] : [],
      };
    }
    case 'note': {
      if (after.visibleToClient === true) return { text: 'Note ajoutée (visible par le client)' };
      if (after.visibleToClient === false) return { text: 'Note interne ajoutée' };
      return { text: 'Note ajoutée' };
    }
    case 'status': {
      const from = leadStatusLabel(before.lead_status);
      const to = leadStatusLabel(after.lead_status);
      if (!to) return { text: 'Statut modifié' };
      return { text: labelled('Statut', from ? `${from} → ${to}` : to) };
    }
    case 'criteria':
      return {
        text: 'Critères de recherche modifiés par le client',
        by: false,
        details: criteriaMoves(entry.before, entry.after),
      };
    case 'account-deleted':
      return { text: 'Compte supprimé par le client', by: false };
    // Issue 31, the retention pass (docs/retention.md): nightly (no author) or launched by the admin.
    case 'retention-anonymised':
      return { text: 'Anonymisé à la fin de la durée de conservation (aucun contact depuis)' };
    case 'retention-documents': {
      const count = numberOf(after.count);
      return {
        text: `${count === null ? 'Documents' : plural(count, 'document', 'documents')} supprimé${count === 1 ? '' : 's'} à la fin de la durée de conservation (projet terminé)`,
      };
    }
    case 'document.upload': {
      const kind = documentLabel(after.kind);
      const text = kind
        ? labelled('Document envoyé par le client', kind)
        : 'Document envoyé par le client';
      return { text, by: false, details: entry.before ? ['Il remplace le précédent envoi.'] : [] };
    }
    case 'document.review': {
      const kind = documentLabel(after.kind);
      const verdict =
        after.status === 'valide'
          ? 'Document validé'
          : after.status === 'refuse'
            ? 'Document refusé'
            : 'Document examiné';
      const reason = textOf(after.reason);
      return {
        text: kind ? labelled(verdict, kind) : verdict,
        details: reason ? [`Motif${NBSP}: ${quoted(reason)}`] : [],
      };
    }
    case 'visit.plan': {
      const when = dateOf(after.startsAt, now);
      const where = textOf(after.address);
      return {
        text: when ? `Visite prévue le ${when}` : 'Visite prévue',
        details: [
          ...(where ? [labelled('Adresse', where)] : []),
          ...(after.withClient === true
            ? ['Avec le client']
            : after.withClient === false
              ? ['Sans le client']
              : []),
        ],
      };
    }
    case 'visit.cancel': {
      const when = dateOf(before.startsAt, now);
      return { text: when ? `Visite du ${when} annulée` : 'Visite annulée' };
    }
    case 'visit-report.create': {
      const where = textOf(after.address);
      const verdict = recommendationLabel(after.recommendation);
      const photos = numberOf(after.photos);
      return {
        text: where
          ? labelled('Compte rendu de visite rédigé', where)
          : 'Compte rendu de visite rédigé',
        details: [
          ...(verdict ? [labelled('Avis', verdict)] : []),
          ...(photos ? [plural(photos, 'photo', 'photos')] : []),
        ],
      };
    }
    case 'visit-report.publish': {
      const photos = numberOf(after.photos);
      return {
        text: 'Compte rendu de visite complet',
        details: photos ? [`${plural(photos, 'photo reçue', 'photos reçues')}`] : [],
      };
    }
    case 'visit-report.answer': {
      const answer = answerLabel(after.answer);
      const comment = textOf(after.comment);
      return {
        text: answer
          ? labelled('Réponse du client à un compte rendu', quoted(answer))
          : 'Réponse du client à un compte rendu',
        by: false,
        details: comment ? [labelled('Commentaire', quoted(comment))] : [],
      };
    }
    case 'match-proposal':
      return { text: 'Bien proposé au client' };
    case 'match-answer': {
      const answer = answerLabel(after.answer);
      return {
        text: answer
          ? labelled('Réponse du client à un bien proposé', quoted(answer))
          : 'Réponse du client à un bien proposé',
        by: false,
      };
    }
    case 'user-create':
      return { text: 'Compte créé' };
    case 'user-update': {
      const changed = Object.keys(userFieldLabels).filter(
        (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
      );
      return {
        text:
          changed.length > 0
            ? labelled('Compte modifié', changed.map((key) => userFieldLabels[key]).join(', '))
            : 'Compte modifié',
      };
    }
    case 'user-delete':
      return { text: 'Compte supprimé' };
    case 'user-archive':
      return { text: 'Compte archivé' };
    case 'user-unarchive':
      return { text: 'Compte réactivé' };
    case 'mail-retry':
    case 'mail-resend': {
      const id = numberOf(after.mailId);
      return { text: id === null ? 'Courriel renvoyé' : `Courriel n°${NBSP}${id} renvoyé` };
    }
    case 'message':
      return after.side === 'client'
        ? { text: 'Message du client', by: false }
        : { text: 'Message envoyé au client' };
    case 'task': {
      const when = dateOf(after.dueAt, now);
      const who =
        typeof after.assigneeId === 'string' ? entry.names?.[after.assigneeId] : undefined;
      return {
        text: 'Tâche ajoutée',
        details: [
          ...(when ? [labelled('À faire', when)] : []),
          ...(who ? [labelled('Pour', who)] : []),
        ],
      };
    }
    case 'task-done':
      return { text: 'Tâche faite' };
    case 'task-undone':
      return { text: 'Tâche rouverte' };
    case 'criteria-seen':
      return { text: 'Nouveaux critères du client lus' };
    default:
      return { text: 'Modification enregistrée' };
  }
}

/**
 * An audit entry in words: « Étape : Recherche → Offre d’achat, par Karim Benali » and its
 * lines (« Auparavant : Julie Martin »); a stage move's note ends its sentence. `now` decides whether a date needs its year.
 */
export function auditWords(entry: AuditView, now: number = Date.now()): AuditWords {
  const { text, by = true, tail = '', details = [] } = wordsOf(entry, now);
  if (!by) return { text: text + tail, details };
  return { text: `${text}, par ${entry.actorName ?? 'un compte supprimé'}${tail}`, details };
}
