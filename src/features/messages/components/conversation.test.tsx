// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appDb } from '../../../db/database';
import { recordQueued } from '../../../db/outbox.repo';
import type { Conversation as ConversationData, MessageView } from '../../../domain/api/messages';
import { OUTBOX_OWNER_HEADER } from '../../../domain/outbox';
import type * as Api from '../../../lib/api';
import { Conversation } from './conversation';

const calls = vi.hoisted(() => ({ api: vi.fn() }));
vi.mock('../../../lib/api', async (original) => ({
  ...(await original<typeof Api>()),
  api: calls.api,
}));

const message = (id: number, side: 'client' | 'staff', extra: Partial<MessageView> = {}) =>
  ({
    id,
    side,
    authorName: side === 'client' ? 'Claire Cliente' : 'Charles Chasseur',
    text: `Message ${id}`,
    createdAt: `2026-11-2${id}T10:00:00.000Z`,
    readAt: null,
    ...extra,
  }) satisfies MessageView;

const conversation = (messages: MessageView[]): ConversationData => ({
  projectId: 7,
  clientName: 'Claire Cliente',
  hunterName: 'Charles Chasseur',
  messages,
  older: 0,
});

/** The server: the conversation for GET, `{ marked }` for a read, the message for a POST. */
function server(data: ConversationData) {
  calls.api.mockImplementation((path: string, options?: { method?: string; body?: unknown }) => {
    if (!options?.method) return Promise.resolve(data);
    if (path.endsWith('/read')) return Promise.resolve({ marked: 1 });
    return Promise.resolve({ message: message(9, 'client', { text: 'Envoyé' }) });
  });
}

beforeEach(async () => {
  if (!appDb.isOpen()) await appDb.open();
  await appDb.outbox.clear();
  await appDb.apiCache.clear();
  calls.api.mockReset();
});
afterEach(() => cleanup());

describe('Conversation', () => {
  it('shows the messages newest last, « Lu » under the last own message read, and marks the other side’s read', async () => {
    server(
      conversation([
        message(1, 'client', { readAt: '2026-11-21T11:00:00.000Z' }),
        message(2, 'client', { readAt: '2026-11-22T11:00:00.000Z' }),
        message(3, 'staff'),
        message(4, 'client'),
        message(5, 'staff'),
      ]),
    );
    render(<Conversation side="client" projectId={7} userId="claire" label="Votre message" />);
    const log = await screen.findByRole('log', { name: 'Messages de la conversation' });
    await waitFor(() => expect(within(log).getAllByTestId('message')).toHaveLength(5));
    const shown = within(log).getAllByTestId('message');
    expect(shown.map((m) => m.querySelector('p:nth-of-type(2)')?.textContent)).toEqual([
      'Message 1',
      'Message 2',
      'Message 3',
      'Message 4',
      'Message 5',
    ]);
    expect(shown.map((m) => m.dataset.side)).toEqual(['mine', 'mine', 'theirs', 'mine', 'theirs']);
    expect(shown[2]!.textContent).toContain('Charles Chasseur');
    expect(shown[0]!.textContent).toContain('Vous');
    // « Lu » once, under message 2 (message 4 is not read yet).
    const receipts = within(log).getAllByTestId('read-receipt');
    expect(receipts).toHaveLength(1);
    expect(shown[1]!.contains(receipts[0]!)).toBe(true);
    expect(receipts[0]!.textContent).toMatch(/^Lu le /);
    // The hunter's messages shown are read, up to the last one.
    await waitFor(() =>
      expect(calls.api).toHaveBeenCalledWith('/api/client/projects/7/messages/read', {
        method: 'POST',
        body: { lastId: 5 },
      }),
    );
  });

  it('shows a message waiting in the outbox as « En attente de réseau », for its conversation only', async () => {
    server(conversation([message(1, 'client')]));
    await recordQueued('key-waiting-1234567', 'message', 'Bonjour', {
      owner: 'karim',
      change: { flow: 'message', side: 'staff', projectId: 7, text: 'Écrit sans réseau' },
    });
    await recordQueued('key-elsewhere-12345', 'message', 'Ailleurs', {
      owner: 'karim',
      change: { flow: 'message', side: 'staff', projectId: 8, text: 'Autre projet' },
    });
    render(<Conversation side="staff" projectId={7} userId="karim" label="Message à Claire" />);
    const pending = await screen.findByTestId('pending-message');
    expect(pending.textContent).toContain('Écrit sans réseau');
    expect(pending.textContent).toContain('En attente de réseau');
    expect(screen.queryByText('Autre projet')).toBeNull();
    expect(screen.getByRole('button', { name: 'Renvoyer maintenant' })).toBeTruthy();
  });

  it('sends with an Idempotency-Key and its owner; an empty message is refused before any request', async () => {
    server(conversation([]));
    render(<Conversation side="client" projectId={7} userId="claire" label="Votre message" />);
    await screen.findByText(/Aucun message pour l’instant/);
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Écrivez votre message.');
    expect(calls.api.mock.calls.filter(([, o]) => (o as { method?: string })?.method)).toEqual([]);

    fireEvent.change(screen.getByLabelText('Votre message'), { target: { value: ' Bonjour ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() =>
      expect(
        calls.api.mock.calls.some(([p, o]) => p === '/api/client/projects/7/messages' && o),
      ).toBe(true),
    );
    const [, options] = calls.api.mock.calls.find(
      ([p, o]) => p === '/api/client/projects/7/messages' && o,
    ) as [string, { method: string; body: unknown; headers: Record<string, string> }];
    expect(options.method).toBe('POST');
    expect(options.body).toEqual({ text: 'Bonjour' });
    expect(options.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(options.headers[OUTBOX_OWNER_HEADER]).toBe('claire');
    await waitFor(() =>
      expect((screen.getByLabelText('Votre message') as HTMLTextAreaElement).value).toBe(''),
    );
  });
});
