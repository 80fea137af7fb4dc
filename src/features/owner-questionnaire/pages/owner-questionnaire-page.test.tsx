// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { appDb } from '../../../db/database';
import { validOwnerSubmission } from '../../../domain/owner-questionnaire.fixture';
import { newOutboxEntry, type OutboxEntry } from '../../../domain/outbox';
import { offlineFormTests, postOnlyNetwork } from '../../../db/testing';
import OwnerQuestionnairePage from './owner-questionnaire-page';

/**
 * The network: what POST /api/public/biens answers (the server, or the service worker when
 * offline) is set by each test; everything else fails as without a connection.
 */
const submit = vi.fn<(body: unknown, key: string) => Promise<object>>();
const network = postOnlyNetwork('/api/public/biens', async (body, key) => {
  const answer = await submit(body, key);
  return Response.json(answer, { status: 'queued' in answer ? 202 : 201 });
});

const { disponible: _disponible, ...bien } = validOwnerSubmission.bien;
const { bienCount, ...contact } = validOwnerSubmission.contact;

async function saveDraftAt(step: number, answers: Record<string, unknown>) {
  await appDb.drafts.put({
    flow: 'owner',
    step,
    answers,
    idempotencyKey: 'cle-du-brouillon-0001',
    updatedAt: Date.now(),
  });
}

/** What the service worker does without network: it records the entry, then answers 202. */
async function workerQueues(_submission: unknown, key: string) {
  await appDb.outbox.put(newOutboxEntry(key, 'owner', Date.now()));
  return {
    queued: true as const,
    message: 'Pas de réseau : votre envoi sera fait dès le retour de la connexion.',
  };
}

/** The worker's answer to the queued submission, as it writes it in the outbox. */
async function workerSettles(outcome: Pick<OutboxEntry, 'status' | 'message' | 'sentAt'>) {
  const now = Date.now();
  await appDb.outbox.put({
    key: 'cle-du-brouillon-0001',
    flow: 'owner',
    attempts: 1,
    nextAttemptAt: 0,
    createdAt: now,
    updatedAt: now,
    ...outcome,
  });
}

/** Opens the page on a draft saved at CONTACT, complete, and presses 'Envoyer ma demande'. */
async function sendSavedDraft() {
  await saveDraftAt(15, { ...bien, bienCount, ...contact });
  render(<OwnerQuestionnairePage />);
  const send = await screen.findByRole<HTMLButtonElement>('button', {
    name: 'Envoyer ma demande',
  });
  await waitFor(() => expect(send.disabled).toBe(false));
  fireEvent.click(send);
}

// The geography lists are warmed after mount: no network for them, and no need of them.
offlineFormTests(network, () => submit.mockReset());

describe('OwnerQuestionnairePage', () => {
  it('prerenders START without reading the draft', () => {
    const read = vi.spyOn(appDb.drafts, 'get');
    const html = renderToString(<OwnerQuestionnairePage />);
    expect(html).toContain(
      'Pourquoi passer par un chasseur immobilier pour vendre votre bien\u202f?',
    );
    expect(html).toContain('C’est parti\u202f!');
    expect(read).not.toHaveBeenCalled();
  });

  it('returns after mount to the saved step with its answers', async () => {
    await saveDraftAt(9, { ...bien, bienCount });
    render(<OwnerQuestionnairePage />);
    // The draft is read from IndexedDB after mount: on a loaded machine that takes over the
    // default second.
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Combien de pièces compte votre bien\u202f?' },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '3 pièces' }).checked).toBe(true);
    expect(screen.getByText(/Vos réponses ont été retrouvées/)).toBeTruthy();
  });

  it('keeps the draft when the service worker only queued the sending', async () => {
    submit.mockImplementationOnce(workerQueues);
    await sendSavedDraft();

    expect(
      await screen.findByRole('heading', { name: 'Votre demande est prête à partir' }),
    ).toBeTruthy();
    expect(screen.getByTestId('submission-status').textContent).toMatch(/En attente du réseau/);
    expect(submit).toHaveBeenCalledWith(validOwnerSubmission, 'cle-du-brouillon-0001');
    expect(await appDb.drafts.get('owner')).toBeDefined();

    // The worker has sent it (it writes the outbox): CONFIRM says so by itself.
    await workerSettles({ status: 'sent', sentAt: Date.now() });
    expect(
      await screen.findByRole('heading', { name: 'Merci, votre demande est bien enregistrée' }),
    ).toBeTruthy();
    expect(screen.getByTestId('submission-status').textContent).toMatch(/bien arrivée/);
  });

  it('leads a queued submission the server refused back to CONTACT with its message', async () => {
    submit.mockImplementationOnce(workerQueues);
    await sendSavedDraft();
    await screen.findByRole('heading', { name: 'Votre demande est prête à partir' });
    await workerSettles({
      status: 'failed',
      message: 'La ville choisie n’est pas dans le département.',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Corriger mes réponses' }));
    expect(
      await screen.findByRole('heading', { name: 'Comment pouvons-nous vous joindre\u202f?' }),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/pas dans le département/);
    expect((screen.getByLabelText(/Adresse e-mail|E-mail/i) as HTMLInputElement).value).toBe(
      contact.email,
    );
  });

  it('shows CONFIRM with the e-mail and clears the draft once the server confirmed', async () => {
    submit.mockResolvedValueOnce({ id: 7, message: 'Merci !' });
    await sendSavedDraft();

    expect(
      await screen.findByRole('heading', { name: 'Merci, votre demande est bien enregistrée' }),
    ).toBeTruthy();
    expect(screen.getByText(contact.email)).toBeTruthy();
    await waitFor(async () => expect(await appDb.drafts.get('owner')).toBeUndefined());
  });
});
