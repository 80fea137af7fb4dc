// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appDb } from '../../../db/database';
import { validOwnerSubmission } from '../../../domain/owner-questionnaire.fixture';
import type * as submitModule from '../api/submit-owner-property';
import { submitOwnerProperty } from '../api/submit-owner-property';
import OwnerQuestionnairePage from './owner-questionnaire-page';

vi.mock('../api/submit-owner-property', async (original) => ({
  ...(await original<typeof submitModule>()),
  submitOwnerProperty: vi.fn(),
}));
const submit = vi.mocked(submitOwnerProperty);

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

beforeEach(async () => {
  await appDb.drafts.clear();
  // The geography lists are warmed after mount: no network here, and no need of them.
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('OwnerQuestionnairePage', () => {
  it('prerenders START without reading the draft', () => {
    const read = vi.spyOn(appDb.drafts, 'get');
    const html = renderToString(<OwnerQuestionnairePage />);
    expect(html).toContain('Pourquoi passer par un chasseur immobilier pour vendre votre bien ?');
    expect(html).toContain('C’est parti !');
    expect(read).not.toHaveBeenCalled();
  });

  it('returns after mount to the saved step with its answers', async () => {
    await saveDraftAt(9, { ...bien, bienCount });
    render(<OwnerQuestionnairePage />);
    expect(
      await screen.findByRole('heading', { name: 'Combien de pièces compte votre bien ?' }),
    ).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '3 pièces' }).checked).toBe(true);
    expect(screen.getByText(/Vos réponses ont été retrouvées/)).toBeTruthy();
  });

  it('keeps the draft when the service worker only queued the sending', async () => {
    submit.mockResolvedValueOnce({
      queued: true,
      message: 'Pas de réseau : votre envoi sera fait dès le retour de la connexion.',
    });
    await saveDraftAt(15, { ...bien, bienCount, ...contact });
    render(<OwnerQuestionnairePage />);
    const send = await screen.findByRole<HTMLButtonElement>('button', {
      name: 'Envoyer ma demande',
    });
    await waitFor(() => expect(send.disabled).toBe(false));
    fireEvent.click(send);

    expect(await screen.findByText(/votre envoi sera fait dès le retour/)).toBeTruthy();
    expect(submit).toHaveBeenCalledWith(validOwnerSubmission, 'cle-du-brouillon-0001');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Comment pouvons-nous vous joindre ?',
    );
    expect(await appDb.drafts.get('owner')).toBeDefined();
  });

  it('shows CONFIRM with the e-mail and clears the draft once the server confirmed', async () => {
    submit.mockResolvedValueOnce({ id: 7, message: 'Merci !' });
    await saveDraftAt(15, { ...bien, bienCount, ...contact });
    render(<OwnerQuestionnairePage />);
    const send = await screen.findByRole<HTMLButtonElement>('button', {
      name: 'Envoyer ma demande',
    });
    await waitFor(() => expect(send.disabled).toBe(false));
    fireEvent.click(send);

    expect(
      await screen.findByRole('heading', { name: 'Merci, votre demande est bien enregistrée' }),
    ).toBeTruthy();
    expect(screen.getByText(contact.email)).toBeTruthy();
    await waitFor(async () => expect(await appDb.drafts.get('owner')).toBeUndefined());
  });
});
