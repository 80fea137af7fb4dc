// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientProposal, ClientProposalsResponse } from '../../../domain/api/matches';
import { MyProposals } from './my-proposals';

const state = vi.hoisted(() => ({
  data: { proposals: [] } as unknown,
  path: '',
  reload: vi.fn(),
  api: vi.fn(),
}));
vi.mock('../../../db/use-cached-api', () => ({
  useCachedApi: (_userId: string, path: string) => {
    state.path = path;
    return [{ status: 'ready', state: 'fresh', data: state.data, fetchedAt: 0 }, state.reload];
  },
}));
vi.mock('../../../lib/api', () => ({
  api: state.api,
  toApiFailure: () => ({ status: null, message: 'Pas de réseau.', fieldErrors: {} }),
}));

const proposal: ClientProposal = {
  id: 3,
  city: 'Vincennes',
  department: '94',
  typeBien: 1,
  price: 480_000,
  roomCount: 3,
  surface: 3,
  proposedAt: '2026-11-20T10:00:00.000Z',
  answer: null,
  answeredAt: null,
};

beforeEach(() => {
  state.reload.mockReset();
  state.api.mockReset();
});
afterEach(cleanup);

describe('« Biens proposés »', () => {
  it('says when nothing was proposed yet', () => {
    state.data = { proposals: [] } satisfies ClientProposalsResponse;
    render(<MyProposals userId="u1" />);
    expect(state.path).toBe('/api/client/proposals');
    expect(screen.getByText(/pas encore proposé de bien/)).toBeTruthy();
  });

  it('shows the property in words, and sends the client’s answer (a failure said in French)', async () => {
    state.data = { proposals: [proposal] } satisfies ClientProposalsResponse;
    render(<MyProposals userId="u1" />);
    const card = screen.getByTestId('client-proposal');
    expect(within(card).getByRole('heading').textContent).toBe('Appartement à Vincennes');
    expect(card.textContent).toContain('Val-de-Marne (94)');
    expect(card.textContent).toContain('3 pièces · 50 à 70\u00a0m²');
    expect(card.textContent).toContain('480\u202f000\u00a0€');
    expect(card.textContent).toContain('Proposé le vendredi\u00a020\u00a0novembre');

    const yes = screen.getByRole('button', { name: 'Ça m’intéresse' });
    expect(yes.getAttribute('aria-pressed')).toBe('false');
    state.api.mockRejectedValueOnce(new Error('offline'));
    fireEvent.click(yes);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Pas de réseau.'));
    expect(yes.getAttribute('aria-pressed')).toBe('false');

    state.api.mockResolvedValueOnce({ ...proposal, answer: 'interesse', answeredAt: 'x' });
    fireEvent.click(yes);
    await waitFor(() => expect(yes.getAttribute('aria-pressed')).toBe('true'));
    expect(state.api).toHaveBeenLastCalledWith('/api/client/proposals/3/answer', {
      method: 'PUT',
      body: { answer: 'interesse' },
    });
    expect(state.reload).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toMatch(/Votre chasseur voit votre réponse/);
  });
});
