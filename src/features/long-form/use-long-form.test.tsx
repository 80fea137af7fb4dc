// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { appDb, type DraftFlow } from '../../db/database';
import { offlineFormTests, postOnlyNetwork } from '../../db/testing';
import { newOutboxEntry } from '../../domain/outbox';
import {
  checkBody,
  flowDraft,
  flowMachine,
  useLongForm,
  type LongFormFlow,
  type LongFormProps,
  type SplitErrors,
} from './index';

/*
 * A third flow, declared here in one place as the next offline form would be: a visit report
 * (rating, comment, then the visitor's e-mail). It runs through the same engine as the owner
 * questionnaire and the buyer signup: draft in IndexedDB, resume, submission, queued, sent.
 * A real flow's name would join DraftFlow and the worker's list of queued endpoints; the cast
 * below stands for that line.
 */
const VisitStep = { START: 1, RATING: 2, COMMENT: 3, CONTACT: 4, CONFIRM: 5 } as const;
const ratingSchema = z.object({ rating: z.number().int().min(1).max(5) });
const reportSchema = z.object({
  rating: z.number().int().min(1).max(5),
  comment: z.string().max(500),
  email: z.email('Adresse e-mail invalide.'),
});
type VisitAnswers = { rating?: number; comment?: string; email?: string };
type VisitReport = z.infer<typeof reportSchema>;

const visitMachine = flowMachine<VisitAnswers>({
  bounds: {
    start: VisitStep.START,
    firstQuestion: VisitStep.RATING,
    lastQuestion: VisitStep.CONTACT,
    confirm: VisitStep.CONFIRM,
  },
  initialAnswers: { comment: '' },
  restoreAnswers: (raw) => ({
    comment: typeof raw.comment === 'string' ? raw.comment : '',
    ...(ratingSchema.safeParse(raw).success ? { rating: raw.rating as number } : {}),
    ...(typeof raw.email === 'string' ? { email: raw.email } : {}),
  }),
  canGoNext: (step, answers) =>
    step !== VisitStep.RATING || ratingSchema.safeParse(answers).success,
});

const stepOfField: Record<string, number> = {
  rating: VisitStep.RATING,
  comment: VisitStep.COMMENT,
};
function splitErrors(errors: Record<string, string>): SplitErrors {
  const split: SplitErrors = { fields: {}, fix: null };
  for (const [field, message] of Object.entries(errors)) {
    const step = stepOfField[field];
    if (step === undefined) split.fields[field] = message;
    else if (!split.fix || step < split.fix.step) split.fix = { step, message };
  }
  return split;
}

const visitFlow: LongFormFlow<VisitAnswers, { email: string }, VisitReport> = {
  machine: visitMachine,
  draft: flowDraft('visit-report' as DraftFlow),
  keptOf: (input) => input,
  check: (answers, input) => checkBody(reportSchema, { ...answers, ...input }, splitErrors),
  splitErrors,
  endpoint: '/api/visit-reports',
  emailOf: (report) => report.email,
  messages: {
    fixEarlier: 'Une réponse précédente est à compléter.',
    fixFields: null,
    refused: 'Le serveur a refusé ce compte rendu.',
  },
};

/** The network: what POST /api/visit-reports answers is set by each test. */
const server = vi.fn<(body: unknown, key: string) => { status: number; body: object }>();
const network = postOnlyNetwork('/api/visit-reports', async (body, key) => {
  const answer = server(body, key);
  return Response.json(answer.body, { status: answer.status });
});

/** The worker's answer offline: it records the request in the outbox, then answers 202. */
function workerQueues(_body: unknown, key: string) {
  void appDb.outbox.put(newOutboxEntry(key, 'visit-report', Date.now()));
  return { status: 202, body: { queued: true, message: 'Pas de réseau.' } };
}

const open = (props: Partial<LongFormProps> = {}) =>
  renderHook(() => useLongForm(visitFlow, { draft: null, begin: true, storage: 'ok', ...props }));

/** A draft saved in IndexedDB at `step`, as read back by the page, then the form opened on it. */
async function openSaved(step: number, answers: VisitAnswers) {
  await visitFlow.draft.save({ step, answers });
  return open({ begin: false, draft: await savedDraft() });
}

async function savedDraft() {
  const draft = await visitFlow.draft.read();
  if (draft === null || typeof draft === 'string') throw new Error('no draft');
  return draft;
}

offlineFormTests(network, () => server.mockReset());

describe('a third long form declared as a description', () => {
  it('opens on its first question, gates Next and saves each answer and step in the draft', async () => {
    const { result } = open();
    expect(result.current.step).toBe(VisitStep.RATING);
    act(() => result.current.next());
    expect(result.current.step).toBe(VisitStep.RATING);
    act(() => result.current.answer({ rating: 4 }));
    act(() => result.current.next());
    expect(result.current.step).toBe(VisitStep.COMMENT);
    act(() => result.current.answer({ comment: 'Lumineux, calme.' }));
    await waitFor(async () =>
      expect(await savedDraft()).toMatchObject({
        step: VisitStep.COMMENT,
        answers: { rating: 4, comment: 'Lumineux, calme.' },
      }),
    );
  });

  it('resumes a draft at its step, unless an earlier gated answer was lost', async () => {
    const resumed = await openSaved(VisitStep.CONTACT, { rating: 5, comment: 'Bien' });
    expect(resumed.result.current).toMatchObject({
      step: VisitStep.CONTACT,
      answers: { rating: 5, comment: 'Bien' },
      resumed: true,
    });
    const broken = await openSaved(VisitStep.CONTACT, { rating: 9, comment: 'Bien' });
    expect(broken.result.current.step).toBe(VisitStep.RATING);
    expect(broken.result.current.answers).toEqual({ comment: 'Bien' });
  });

  it('sends once confirmed: CONFIRM with the e-mail, the draft done', async () => {
    server.mockImplementation(() => ({ status: 201, body: { id: 1, message: 'Merci' } }));
    const { result } = await openSaved(VisitStep.CONTACT, { rating: 3, comment: '' });
    let fields: Record<string, string> = {};
    await act(async () => {
      fields = await result.current.submit({ email: 'lea@exemple.fr' });
    });
    expect(fields).toEqual({});
    expect(server).toHaveBeenCalledWith(
      { rating: 3, comment: '', email: 'lea@exemple.fr' },
      expect.stringMatching(/^[0-9a-f-]{36}$/),
    );
    expect(result.current.step).toBe(VisitStep.CONFIRM);
    expect(result.current.confirmed).toEqual({ email: 'lea@exemple.fr', queuedKey: null });
    expect(await visitFlow.draft.read()).toBeNull();
  });

  it('keeps the draft of a queued sending, and reopens on it waiting', async () => {
    server.mockImplementation(workerQueues);
    const first = await openSaved(VisitStep.CONTACT, { rating: 2, comment: '' });
    await act(async () => {
      await first.result.current.submit({ email: 'lea@exemple.fr' });
    });
    const draft = await savedDraft();
    expect(first.result.current.step).toBe(VisitStep.CONFIRM);
    expect(first.result.current.confirmed).toEqual({
      email: 'lea@exemple.fr',
      queuedKey: draft.key,
    });
    expect(draft.answers).toMatchObject({ rating: 2, email: 'lea@exemple.fr' });

    // The next day: the page reads the draft; its sending still waits in the outbox.
    first.unmount();
    const again = open({ begin: false, draft });
    await waitFor(() => expect(again.result.current.step).toBe(VisitStep.CONFIRM));
    expect(again.result.current.confirmed?.queuedKey).toBe(draft.key);

    // The server refused it later: back to CONTACT with the answers and its message.
    act(() => again.result.current.fixRefused(undefined));
    expect(again.result.current.step).toBe(VisitStep.CONTACT);
    expect(again.result.current.failure?.message).toBe('Le serveur a refusé ce compte rendu.');
    expect(again.result.current.answers.rating).toBe(2);
  });

  it('gives the fields and the earlier step to fix from a refusal, and a new key after it', async () => {
    server.mockImplementation(() => ({
      status: 400,
      body: {
        message: 'Certaines réponses sont à corriger.',
        fieldErrors: { comment: 'Trop long.', email: 'Domaine inconnu.' },
      },
    }));
    const { result } = await openSaved(VisitStep.CONTACT, { rating: 2, comment: 'x' });
    let fields: Record<string, string> = {};
    await act(async () => {
      fields = await result.current.submit({ email: 'lea@exemple.fr' });
    });
    expect(fields).toEqual({ email: 'Domaine inconnu.' });
    expect(result.current.failure).toEqual({
      message: 'Certaines réponses sont à corriger.',
      retryable: false,
      fix: { step: VisitStep.COMMENT, message: 'Trop long.' },
    });
    const refusedKey = server.mock.calls[0]![1];
    act(() => result.current.goTo(VisitStep.COMMENT));
    expect(result.current.step).toBe(VisitStep.COMMENT);
    expect(result.current.failure).toBeNull();
    // The same answers sent again go under a new Idempotency-Key: the refusal was final.
    expect(await visitFlow.draft.keyFor({ comment: 'x' })).not.toBe(refusedKey);
  });
});
