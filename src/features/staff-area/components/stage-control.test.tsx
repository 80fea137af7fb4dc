// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appDb } from '../../../db/database';
import { recordQueued, getOutboxEntry, saveOutboxEntry } from '../../../db/outbox.repo';
import { StageControl } from './stage-control';

const state = vi.hoisted(() => ({
  calls: [] as { path: string; body: unknown; headers: Record<string, string> | undefined }[],
  answer: { ok: true, data: {} } as unknown,
}));
vi.mock('../../auth', () => ({ useSession: () => ({ user: { _id: 'hunter' } }) }));
vi.mock('../staff-api', () => ({
  staffChange: (
    path: string,
    _method: string,
    body: unknown,
    headers: Record<string, string> | undefined,
  ) => {
    state.calls.push({ path, body, headers });
    return Promise.resolve(state.answer);
  },
  isQueued: (data: unknown) => (data as { queued?: boolean }).queued === true,
}));

beforeEach(async () => {
  if (!appDb.isOpen()) await appDb.open();
  await appDb.outbox.clear();
  state.calls = [];
  state.answer = { ok: true, data: {} };
  // happy-dom's dialog: open and close as a browser's would.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
});
afterEach(cleanup);

const control = (onMoved = vi.fn()) => {
  render(<StageControl projectId={7} stage="VALIDATION" version={3} onMoved={onMoved} />);
  return onMoved;
};

describe('StageControl (issue 29)', () => {
  it('asks for confirmation (from → to, the note, the client told by default), then sends the move with its key', async () => {
    const onMoved = control();
    fireEvent.change(screen.getByLabelText(/Note du changement d’étape/), {
      target: { value: 'Signé à l’agence' },
    });
    fireEvent.click(screen.getByRole('button', { name: /Passer à «\s*Mandat signé\s*»/ }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    await waitFor(() => expect(dialog.hasAttribute('open')).toBe(true));
    expect(screen.getByTestId('stage-confirm-move').textContent).toBe(
      '«\u00a0En cours de validation\u00a0» → «\u00a0Mandat signé\u00a0»',
    );
    expect(dialog.textContent).toContain('Signé à l’agence');
    const tell = screen.getByRole('checkbox', {
      name: /Prévenir le client par e-mail/,
      hidden: true,
    });
    expect((tell as HTMLInputElement).checked).toBe(true);
    expect(state.calls).toEqual([]);

    fireEvent.click(tell);
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer le changement', hidden: true }));
    await waitFor(() => expect(onMoved).toHaveBeenCalled());
    expect(state.calls).toEqual([
      {
        path: '/api/staff/projects/7/stage',
        body: { to: 'MANDAT', note: 'Signé à l’agence', version: 3, notify: false },
        headers: {
          'Idempotency-Key': expect.stringMatching(/^[0-9a-f-]{36}$/),
          'X-Outbox-Owner': 'hunter',
        },
      },
    ]);
  });

  it('kept for the network: said pending on the fiche, the other moves wait; refused on replay: the server’s reason', async () => {
    await recordQueued('move-1', 'staff-stage', undefined, {
      owner: 'hunter',
      change: { flow: 'staff-stage', projectId: 7, to: 'MANDAT', note: '', notify: true },
    });
    control();
    const pending = await screen.findByTestId('pending-stage');
    expect(pending.textContent).toContain('En attente');
    expect(pending.textContent).toContain('Mandat signé');
    const forward = screen.getByRole('button', { name: /Passer à/ }) as HTMLButtonElement;
    expect(forward.disabled).toBe(true);

    const refusal =
      'Ce dossier vient d’être modifié par quelqu’un d’autre\u00a0: le projet est maintenant à l’étape «\u00a0Mandat signé\u00a0», votre passage à «\u00a0Mandat signé\u00a0» n’a pas été fait.';
    const entry = (await getOutboxEntry('move-1'))!;
    await saveOutboxEntry({ ...entry, status: 'failed', message: refusal });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(refusal));
    expect(forward.disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'J’ai compris' }));
    await waitFor(() => expect(screen.queryByTestId('pending-stage')).toBeNull());
  });

  it('going back without a note is refused under the box, nothing asked or sent', async () => {
    render(<StageControl projectId={7} stage="MANDAT" version={3} onMoved={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: /Revenir à/ }));
    await waitFor(() => expect(screen.getByText(/Expliquez en une note/)).toBeTruthy());
    expect(screen.getByRole('dialog', { hidden: true }).hasAttribute('open')).toBe(false);
    expect(state.calls).toEqual([]);
  });

  it('an unsigned mandate (issue 30): no move to « Mandat signé » by hand, the signature moves it; signed, the move is offered', () => {
    const { unmount } = render(
      <StageControl
        projectId={7}
        stage="VALIDATION"
        version={3}
        mandateSigned={false}
        onMoved={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button', { name: /Passer à/ })).toBeNull();
    expect(screen.getByTestId('stage-awaits-mandate').textContent).toContain(
      'tout seul quand le client le signe en ligne',
    );
    unmount();
    render(
      <StageControl projectId={7} stage="VALIDATION" version={3} mandateSigned onMoved={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: /Passer à «\s*Mandat signé\s*»/ })).toBeTruthy();
    expect(screen.queryByTestId('stage-awaits-mandate')).toBeNull();
  });
});
