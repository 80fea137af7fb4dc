// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appDb } from '../../../db/database';
import type { CachedApiLoad } from '../../../db/use-cached-api';
import { getOutboxEntry, recordQueued, saveOutboxEntry } from '../../../db/outbox.repo';
import type { ClientVisitReport, ClientVisits, PlannedVisitView } from '../../../domain/api/visits';
import { OUTBOX_OWNER_HEADER } from '../../../domain/outbox';
import type * as Api from '../../../lib/api';
import { MyVisits, newestFirst, splitVisits, visitedLabel } from './my-visits';

const calls = vi.hoisted(() => ({
  api: vi.fn(),
  download: vi.fn(() => Promise.resolve()),
}));
vi.mock('../../../lib/api', async (original) => ({
  ...(await original<typeof Api>()),
  api: calls.api,
}));
vi.mock('../../../lib/download-file', () => ({ downloadWithToken: calls.download }));
vi.mock('../../../lib/toast', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

const NOW = Date.parse('2026-11-20T10:00:00.000Z');

const visit = (id: number, startsAt: string, extra: Partial<PlannedVisitView> = {}) =>
  ({
    id,
    buyerId: 'buyer',
    address: `${id}, rue des Tests`,
    city: '75111',
    cityName: 'Paris 11e',
    department: '75',
    startsAt,
    duration: 45,
    withClient: true,
    note: '',
    hunterName: 'Jean Dupont',
    cancelled: false,
    reportId: null,
    ...extra,
  }) satisfies PlannedVisitView;

const report = (id: number, visitedAt: string, extra: Partial<ClientVisitReport> = {}) =>
  ({
    id,
    address: `${id}, avenue des Comptes`,
    city: '75111',
    cityName: 'Paris 11e',
    visitedAt,
    askingPrice: 400_000,
    livingArea: 40,
    rooms: 2,
    floor: 1,
    lift: false,
    energy: null,
    emissions: null,
    condition: 'bon',
    works: '',
    worksEstimate: null,
    rating: 3,
    strengths: '',
    weaknesses: '',
    reason: 'Bon rapport qualité-prix.',
    hunterName: 'Jean Dupont',
    photos: [],
    answer: null,
    publishedAt: visitedAt,
    ...extra,
  }) satisfies ClientVisitReport;

const ready = (data: ClientVisits): CachedApiLoad<ClientVisits> => ({
  status: 'ready',
  state: 'fresh',
  data,
  fetchedAt: NOW,
});

beforeEach(async () => {
  if (!appDb.isOpen()) await appDb.open();
  await appDb.outbox.clear();
  calls.api.mockReset();
  calls.download.mockClear();
});
afterEach(() => cleanup());

describe('« Mes visites »: what is shown, in which order', () => {
  it('splits the visits: to come soonest first (until they end), past latest first, cancelled left out', () => {
    const visits = [
      visit(1, '2026-11-25T09:00:00.000Z'),
      visit(2, '2026-11-21T09:00:00.000Z'),
      visit(3, '2026-11-10T09:00:00.000Z'),
      visit(4, '2026-11-18T09:00:00.000Z'),
      // Started 30 minutes ago, lasts 45: still to come.
      visit(5, '2026-11-20T09:30:00.000Z'),
      visit(6, '2026-11-22T09:00:00.000Z', { cancelled: true }),
    ];
    const { upcoming, past } = splitVisits(visits, NOW);
    expect(upcoming.map((v) => v.id)).toEqual([5, 2, 1]);
    expect(past.map((v) => v.id)).toEqual([4, 3]);
    expect(
      newestFirst([
        report(1, '2026-11-01T10:00:00Z'),
        report(2, '2026-11-15T10:00:00Z'),
        report(3, '2026-11-15T10:00:00Z'),
      ]).map((r) => r.id),
    ).toEqual([3, 2, 1]);
    expect(visitedLabel(1)).toBe('1\u00a0bien visité pour vous');
    expect(visitedLabel(3)).toBe('3\u00a0biens visités pour vous');
  });

  it('says when there is nothing yet', () => {
    render(
      <MyVisits
        userId="buyer"
        load={ready({ visits: [], reports: [] })}
        reload={vi.fn()}
        now={NOW}
      />,
    );
    expect(screen.getByTestId('visits-empty').textContent).toBe(
      'Aucune visite pour le moment. Votre chasseur vous proposera des biens dès qu’il en aura visité.',
    );
  });

  it('lists the visits to come with their calendar file, the past ones with their report, then the reports newest first', async () => {
    const data: ClientVisits = {
      visits: [
        visit(1, '2026-11-25T09:00:00.000Z', { withClient: false }),
        visit(2, '2026-11-21T13:30:00.000Z'),
        visit(3, '2026-11-10T09:00:00.000Z', { reportId: 11 }),
      ],
      reports: [report(10, '2026-11-01T10:00:00Z'), report(11, '2026-11-10T09:30:00Z')],
    };
    render(<MyVisits userId="buyer" load={ready(data)} reload={vi.fn()} now={NOW} />);
    const upcoming = screen.getAllByTestId('visit-upcoming');
    expect(upcoming.map((li) => li.querySelector('time')?.textContent)).toEqual([
      'samedi 21\u00a0novembre 2026 à 14\u00a0h\u00a030',
      'mercredi 25\u00a0novembre 2026 à 10\u00a0h',
    ]);
    expect(upcoming[0]!.textContent).toContain('Avec vous');
    expect(upcoming[1]!.textContent).toContain('Le chasseur visite pour vous');
    fireEvent.click(within(upcoming[0]!).getByRole('button', { name: /Ajouter à mon agenda/ }));
    await waitFor(() =>
      expect(calls.download).toHaveBeenCalledWith(
        '/api/client/visits/2/calendar.ics',
        'visite-2.ics',
      ),
    );
    const past = screen.getByTestId('visit-past');
    expect(within(past).queryByRole('button')).toBeNull();
    expect(
      within(past).getByRole('link', { name: 'Lire le compte rendu' }).getAttribute('href'),
    ).toBe('#compte-rendu-11');
    expect(screen.getAllByTestId('report-card').map((c) => c.dataset.reportId)).toEqual([
      '11',
      '10',
    ]);
    expect(screen.getAllByRole('heading', { level: 4 })[0]!.textContent).toBe(
      '11, avenue des Comptes, Paris 11e',
    );
  });
});

describe('« Mes visites »: the answer to a report', () => {
  it('sends the answer with its key and the outbox owner, then says it and when, and lets it change', async () => {
    const reload = vi.fn();
    calls.api.mockResolvedValueOnce(
      report(10, '2026-11-01T10:00:00Z', {
        answer: { answer: 'interesse', comment: 'À revoir samedi', at: '2026-11-20T10:05:00.000Z' },
      }),
    );
    render(
      <MyVisits
        userId="buyer"
        load={ready({ visits: [], reports: [report(10, '2026-11-01T10:00:00Z')] })}
        reload={reload}
        now={NOW}
      />,
    );
    fireEvent.change(screen.getByLabelText('Un commentaire pour votre chasseur (facultatif)'), {
      target: { value: '  À revoir samedi ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ça m’intéresse' }));
    await waitFor(() => expect(screen.getByTestId('answer-given')).toBeTruthy());
    const [path, options] = calls.api.mock.calls[0] as [string, Record<string, unknown>];
    expect(path).toBe('/api/client/visit-reports/10/answer');
    expect(options.method).toBe('POST');
    expect(options.body).toEqual({ answer: 'interesse', comment: 'À revoir samedi' });
    const headers = options.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers[OUTBOX_OWNER_HEADER]).toBe('buyer');
    expect(reload).toHaveBeenCalled();
    const given = screen.getByTestId('answer-given').textContent;
    expect(given).toContain(
      'Vous avez répondu «\u00a0Ça m’intéresse\u00a0» le vendredi 20\u00a0novembre 2026 à 11\u00a0h\u00a005.',
    );
    expect(given).toContain('À revoir samedi');

    fireEvent.click(screen.getByRole('button', { name: 'Modifier ma réponse' }));
    expect(
      (
        screen.getByLabelText(
          'Un commentaire pour votre chasseur (facultatif)',
        ) as HTMLTextAreaElement
      ).value,
    ).toBe('À revoir samedi');
    expect(screen.getByRole('button', { name: 'Pas pour moi' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.getByTestId('answer-given')).toBeTruthy();
  });

  it('refuses markup before sending, with the contract’s message', async () => {
    render(
      <MyVisits
        userId="buyer"
        load={ready({ visits: [], reports: [report(10, '2026-11-01T10:00:00Z')] })}
        reload={vi.fn()}
        now={NOW}
      />,
    );
    const comment = screen.getByLabelText('Un commentaire pour votre chasseur (facultatif)');
    expect(comment.getAttribute('maxlength')).toBe('2000');
    fireEvent.change(comment, { target: { value: '<b>non</b>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pas pour moi' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Les balises HTML ne sont pas acceptées',
    );
    expect(calls.api).not.toHaveBeenCalled();
  });

  it('shows an answer made offline as « Envoi en attente » until it arrives, then reads again', async () => {
    const reload = vi.fn();
    calls.api.mockImplementationOnce(
      async (_path: string, options: { headers: Record<string, string> }) => {
        // What the service worker does without network: keeps it, answers 202.
        await recordQueued(options.headers['Idempotency-Key']!, 'visit-answer', undefined, {
          owner: 'buyer',
          change: { flow: 'visit-answer', reportId: 10, answer: 'interesse', comment: 'Oui' },
        });
        return { queued: true };
      },
    );
    render(
      <MyVisits
        userId="buyer"
        load={ready({ visits: [], reports: [report(10, '2026-11-01T10:00:00Z')] })}
        reload={reload}
        now={NOW}
      />,
    );
    fireEvent.change(screen.getByLabelText('Un commentaire pour votre chasseur (facultatif)'), {
      target: { value: 'Oui' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ça m’intéresse' }));
    const pending = await screen.findByTestId('pending-answer');
    expect(pending.textContent).toContain('Envoi en attente');
    expect(pending.textContent).toContain('Votre réponse\u00a0: «\u00a0Ça m’intéresse\u00a0»');
    expect(pending.textContent).toContain('Oui');
    expect(screen.queryByRole('button', { name: 'Pas pour moi' })).toBeNull();
    expect(reload).not.toHaveBeenCalled();

    const key = (calls.api.mock.calls[0]![1] as { headers: Record<string, string> }).headers[
      'Idempotency-Key'
    ]!;
    const entry = (await getOutboxEntry(key))!;
    await saveOutboxEntry({ ...entry, status: 'sent', sentAt: Date.now() });
    await waitFor(() => expect(screen.queryByTestId('pending-answer')).toBeNull());
    // The arrival is noticed in an effect after that render: waited for, not assumed.
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });
});
