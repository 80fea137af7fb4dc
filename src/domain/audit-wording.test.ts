import { describe, expect, it } from 'vitest';
import { auditWords } from './audit-wording';
import { validRegistration } from './buyer-signup.fixture';
import type { AuditView } from './staff-views';

const NBSP = '\u00a0';
const NOW = Date.parse('2026-11-26T12:00:00Z');

const entry = (action: string, before: unknown, after: unknown, extra: Partial<AuditView> = {}) =>
  ({
    id: 1,
    action,
    actorName: 'Karim Benali',
    before,
    after,
    at: '2026-11-26T10:00:00Z',
    ...extra,
  }) as AuditView;

const words = (e: AuditView) => auditWords(e, NOW);

/** Nothing of the stored keys or values shows: no « projectId », « true », ids or braces. */
function expectInWords({ text, details }: { text: string; details: string[] }) {
  const all = [text, ...details].join('\n');
  expect(all).not.toMatch(
    /[{}[\]]|projectId|hunterId|visibleToClient|noteId|reportId|visitId|mailId|\btrue\b|\bfalse\b|\bnull\b|undefined|[a-z]+_[a-z]+/,
  );
  // French typography: a no-break space before the colon, inside the quotes.
  expect(all).not.toMatch(/ [:;?!»]|« /);
}

describe('auditWords: a history entry in words (issue 29)', () => {
  it('says a stage move with its labels, author and note', () => {
    const w = words(
      entry(
        'stage',
        { projectId: 1, stage: 'VALIDATION' },
        { projectId: 1, stage: 'MANDAT', note: 'Signé en agence' },
      ),
    );
    expect(w.text).toBe(
      `Étape${NBSP}: En cours de validation → Mandat signé, par Karim Benali, avec la note «${NBSP}Signé en agence${NBSP}»`,
    );
    expect(w.details).toEqual([]);
    expectInWords(w);
    expect(words(entry('stage', { stage: 'MANDAT' }, { stage: 'RECHERCHE', note: '' })).text).toBe(
      `Étape${NBSP}: Mandat signé → Recherche, par Karim Benali`,
    );
  });

  it('names the hunter a record is given to, and the one before', () => {
    const names = { h1: 'Julie Martin', h2: 'Karim Benali' };
    const w = words(
      entry('assign', { hunterId: 'h1' }, { hunterId: 'h2' }, { names, actorName: 'Marie Curie' }),
    );
    expect(w).toEqual({
      text: 'Affecté à Karim Benali, par Marie Curie',
      details: [`Auparavant${NBSP}: Julie Martin`],
    });
    expectInWords(w);
    expect(
      words(entry('assign', { hunterId: null }, { hunterId: 'h1' }, { names })).details,
    ).toEqual([]);
    expect(words(entry('assign', { hunterId: 'h1' }, { hunterId: null }, { names })).text).toBe(
      'Attribution retirée, par Karim Benali',
    );
    // A lead's assignment (its column), and a hunter whose account is gone.
    expect(
      words(entry('assign', { assigned_to: null }, { assigned_to: 'h1' }, { names })).text,
    ).toBe('Affecté à Julie Martin, par Karim Benali');
    const gone = words(entry('assign', { hunterId: null }, { hunterId: 'xyz' }));
    expect(gone.text).toBe('Affecté à un autre chasseur, par Karim Benali');
    expectInWords(gone);
  });

  it('says whether a note is visible by the client', () => {
    const visible = words(entry('note', null, { noteId: 4, visibleToClient: true }));
    expect(visible.text).toBe('Note ajoutée (visible par le client), par Karim Benali');
    expectInWords(visible);
    const internal = words(entry('note', null, { noteId: 5, visibleToClient: false }));
    expect(internal.text).toBe('Note interne ajoutée, par Karim Benali');
    expectInWords(internal);
  });

  it('says a lead’s status in words', () => {
    const w = words(
      entry(
        'status',
        { lead_status: 'nouveau', contacted_at: null },
        { lead_status: 'contacte', contacted_at: '2026-11-26T10:00:00Z' },
      ),
    );
    expect(w.text).toBe(`Statut${NBSP}: Nouveau → Contacté, par Karim Benali`);
    expectInWords(w);
  });

  it('lists the criteria a client changed, as the fiche names them', () => {
    const before = { ...validRegistration.project, id: 3, budget: 650_000 };
    const after = { ...validRegistration.project, id: 3, budget: 735_000 };
    const w = words(entry('criteria', before, after));
    expect(w.text).toBe('Critères de recherche modifiés par le client');
    expect(w.details).toHaveLength(1);
    expect(w.details[0]).toMatch(/^Budget\u00a0: 650\u202f000\u00a0€ → 735\u202f000\u00a0€$/);
    expectInWords(w);
  });

  it('says the documents sent and reviewed', () => {
    const sent = words(
      entry('document.upload', undefined, {
        kind: 'identite',
        status: 'recu',
        fileName: 'cni.pdf',
        size: 1200,
      }),
    );
    expect(sent).toEqual({
      text: `Document envoyé par le client${NBSP}: Pièce d’identité`,
      details: [],
    });
    const again = words(
      entry(
        'document.upload',
        { kind: 'identite', status: 'refuse' },
        { kind: 'identite', status: 'recu' },
      ),
    );
    expect(again.details).toEqual(['Il remplace le précédent envoi.']);
    const refused = words(
      entry(
        'document.review',
        { kind: 'impots', status: 'recu', reason: null },
        { kind: 'impots', status: 'refuse', reason: 'Illisible' },
      ),
    );
    expect(refused).toEqual({
      text: `Document refusé${NBSP}: Dernier avis d’imposition, par Karim Benali`,
      details: [`Motif${NBSP}: «${NBSP}Illisible${NBSP}»`],
    });
    const accepted = words(
      entry('document.review', null, { kind: 'impots', status: 'valide', reason: null }),
    );
    expect(accepted.text).toBe(
      `Document validé${NBSP}: Dernier avis d’imposition, par Karim Benali`,
    );
    for (const w of [sent, again, refused, accepted]) expectInWords(w);
    // Erased with the account (RGPD): still a sentence.
    expect(words(entry('document.upload', null, null)).text).toBe('Document envoyé par le client');
  });

  it('says the visits and the reports, with their dates in words', () => {
    const planned = words(
      entry('visit.plan', null, {
        visitId: 2,
        address: '12 rue de la Paix',
        startsAt: '2026-11-27T09:30:00Z',
        withClient: true,
      }),
    );
    expect(planned).toEqual({
      text: `Visite prévue le vendredi${NBSP}27${NBSP}novembre, 10${NBSP}h${NBSP}30, par Karim Benali`,
      details: [`Adresse${NBSP}: 12 rue de la Paix`, 'Avec le client'],
    });
    const cancelled = words(
      entry('visit.cancel', { visitId: 2, startsAt: '2026-11-27T09:30:00Z' }, null),
    );
    expect(cancelled.text).toBe(
      `Visite du vendredi${NBSP}27${NBSP}novembre, 10${NBSP}h${NBSP}30 annulée, par Karim Benali`,
    );
    const written = words(
      entry('visit-report.create', null, {
        reportId: 7,
        address: '3 rue Lepic',
        recommendation: 'proposer',
        photos: 3,
      }),
    );
    expect(written).toEqual({
      text: `Compte rendu de visite rédigé${NBSP}: 3 rue Lepic, par Karim Benali`,
      details: [`Avis${NBSP}: À proposer`, `3${NBSP}photos`],
    });
    const complete = words(entry('visit-report.publish', null, { reportId: 7, photos: 1 }));
    expect(complete.details).toEqual([`1${NBSP}photo reçue`]);
    const answered = words(
      entry('visit-report.answer', undefined, {
        reportId: 7,
        answer: 'interesse',
        comment: 'Belle lumière',
      }),
    );
    expect(answered).toEqual({
      text: `Réponse du client à un compte rendu${NBSP}: «${NBSP}Ça m’intéresse${NBSP}»`,
      details: [`Commentaire${NBSP}: «${NBSP}Belle lumière${NBSP}»`],
    });
    for (const w of [planned, cancelled, written, complete, answered]) expectInWords(w);
  });

  it('says a proposed property and the client’s answer to it (issue 31)', () => {
    const proposed = words(entry('match-proposal', undefined, { leadId: 3, propertyId: 4 }));
    expect(proposed.text).toBe('Bien proposé au client, par Karim Benali');
    const answered = words(
      entry('match-answer', undefined, { proposalId: 5, leadId: 3, answer: 'pas_pour_moi' }),
    );
    expect(answered).toEqual({
      text: `Réponse du client à un bien proposé${NBSP}: «${NBSP}Pas pour moi${NBSP}»`,
      details: [],
    });
    for (const w of [proposed, answered]) expectInWords(w);
  });

  it('says the accounts’ and mails’ actions', () => {
    const user = {
      _id: 'u1',
      firstname: 'Jo',
      lastname: 'Dal',
      email: 'a@b.fr',
      phone: '0601020304',
      roles: [2],
      isActive: true,
    };
    expect(words(entry('user-create', null, user)).text).toBe('Compte créé, par Karim Benali');
    const edited = words(
      entry('user-update', user, { ...user, phone: '0605040302', roles: [2, 3] }),
    );
    expect(edited.text).toBe(`Compte modifié${NBSP}: téléphone, rôles, par Karim Benali`);
    expectInWords(edited);
    expect(words(entry('user-archive', { isArchived: false }, { isArchived: true })).text).toBe(
      'Compte archivé, par Karim Benali',
    );
    expect(words(entry('user-unarchive', { isArchived: true }, { isArchived: false })).text).toBe(
      'Compte réactivé, par Karim Benali',
    );
    expect(words(entry('user-delete', user, null)).text).toBe('Compte supprimé, par Karim Benali');
    expect(words(entry('mail-retry', null, { mailId: 12 })).text).toBe(
      `Courriel n°${NBSP}12 renvoyé, par Karim Benali`,
    );
    expect(words(entry('account-deleted', null, null)).text).toBe('Compte supprimé par le client');
    expect(words(entry('retention-anonymised', null, null)).text).toBe(
      'Anonymisé à la fin de la durée de conservation (aucun contact depuis), par Karim Benali',
    );
    expect(words(entry('retention-documents', null, { count: 2 })).text).toBe(
      '2\u00a0documents supprimés à la fin de la durée de conservation (projet terminé), par Karim Benali',
    );
  });

  it('says the messages, the tasks and the criteria read', () => {
    const names = { h2: 'Karim Benali' };
    expect(words(entry('message', null, { projectId: 1, messageId: 3, side: 'client' })).text).toBe(
      'Message du client',
    );
    expect(words(entry('message', null, { projectId: 1, messageId: 4, side: 'staff' })).text).toBe(
      'Message envoyé au client, par Karim Benali',
    );
    const task = words(
      entry(
        'task',
        null,
        { taskId: 5, dueAt: '2026-11-27T09:30:00Z', assigneeId: 'h2' },
        { names },
      ),
    );
    expect(task).toEqual({
      text: 'Tâche ajoutée, par Karim Benali',
      details: [
        `À faire${NBSP}: vendredi${NBSP}27${NBSP}novembre, 10${NBSP}h${NBSP}30`,
        `Pour${NBSP}: Karim Benali`,
      ],
    });
    expect(words(entry('task-done', null, { taskId: 5 })).text).toBe(
      'Tâche faite, par Karim Benali',
    );
    expect(words(entry('task-undone', null, { taskId: 5 })).text).toBe(
      'Tâche rouverte, par Karim Benali',
    );
    expect(words(entry('criteria-seen', null, null)).text).toBe(
      'Nouveaux critères du client lus, par Karim Benali',
    );
    expect(words(entry('mail-resend', null, { mailId: 9, copyId: 10 })).text).toBe(
      `Courriel n°${NBSP}9 renvoyé, par Karim Benali`,
    );
    for (const w of [task, words(entry('message', null, { side: 'staff' }))]) expectInWords(w);
  });

  it('says whether the client was told of a stage move, when the entry says it', () => {
    const told = words(
      entry('stage', { stage: 'RECHERCHE' }, { stage: 'OFFRE_SENT', note: '', notify: true }),
    );
    expect(told.details).toEqual(['Client prévenu par e-mail']);
    const quiet = words(
      entry('stage', { stage: 'RECHERCHE' }, { stage: 'OFFRE_SENT', notifyClient: false }),
    );
    expect(quiet.details).toEqual(['Client non prévenu']);
  });

  it('gives an unknown action a plain sentence, never its data', () => {
    const w = words(
      entry('something.new', { projectId: 1 }, { visibleToClient: false, x: { y: 1 } }),
    );
    expect(w).toEqual({ text: 'Modification enregistrée, par Karim Benali', details: [] });
    expect(words(entry('note', null, null, { actorName: null })).text).toBe(
      'Note ajoutée, par un compte supprimé',
    );
  });
});
