// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appDb } from '../../../db/database';
import { getOutboxEntry, recordQueued, saveOutboxEntry } from '../../../db/outbox.repo';
import type { StaffBuyerVisits, StaffVisitReport } from '../../../domain/api/visits';
import { sendingState, VisitReportsPanel } from './visit-reports-panel';

const state = vi.hoisted(() => ({
  data: { visits: [], reports: [] } as StaffBuyerVisits,
  reload: vi.fn(),
  path: '',
}));
vi.mock('../../auth', () => ({ useSession: () => ({ user: { _id: 'hunter' } }) }));
vi.mock('../staff-api', () => ({
  useStaffApi: (path: string) => {
    state.path = path;
    return [{ status: 'ready', state: 'fresh', data: state.data, fetchedAt: 0 }, state.reload];
  },
}));

const REF_A = '11111111-1111-4111-8111-111111111111';
const REF_B = '22222222-2222-4222-8222-222222222222';
const REF_C = '33333333-3333-4333-8333-333333333333';

const report = (id: number, ref: string, extra: Partial<StaffVisitReport> = {}) =>
  ({
    id,
    ref,
    address: `${id}, rue du Fichier`,
    city: '75111',
    cityName: 'Paris 11e',
    visitedAt: `2026-11-0${id}T10:00:00.000Z`,
    askingPrice: 300_000,
    livingArea: 30,
    rooms: 1,
    floor: 0,
    lift: false,
    energy: 120,
    emissions: 20,
    condition: 'bon',
    works: '',
    worksEstimate: null,
    rating: 5,
    strengths: '',
    weaknesses: '',
    reason: 'Très bien.',
    hunterName: 'Jean Dupont',
    authorName: 'Jean Dupont',
    photos: [],
    answer: null,
    recommendation: 'proposer',
    visitId: null,
    photosExpected: 3,
    photosReceived: 3,
    complete: true,
    publishedAt: `2026-11-0${id}T12:00:00.000Z`,
    createdAt: `2026-11-0${id}T12:00:00.000Z`,
    ...extra,
  }) satisfies StaffVisitReport;

const queueReport = (ref: string, photos: number, buyerId = 'buyer', address = '5, quai Neuf') =>
  recordQueued(`report-${ref}`, 'visit-report', undefined, {
    owner: 'hunter',
    change: { flow: 'visit-report', ref, buyerId, address, photos },
  });
const queuePhoto = (ref: string, n: number) =>
  recordQueued(`photo-${ref}-${n}`, 'visit-photo', undefined, {
    owner: 'hunter',
    change: { flow: 'visit-photo', ref, photoId: `p${n}`, size: 1000 },
  });
async function settle(key: string, status: 'sent' | 'failed', message?: string) {
  const entry = (await getOutboxEntry(key))!;
  await saveOutboxEntry({ ...entry, status, ...(message ? { message } : {}) });
}

beforeEach(async () => {
  if (!appDb.isOpen()) await appDb.open();
  await appDb.outbox.clear();
  state.data = { visits: [], reports: [] };
  state.reload.mockReset();
});
afterEach(() => cleanup());

describe('sendingState: a report’s state on the fiche', () => {
  it('says the device’s sending while it holds part of it, the server’s otherwise', () => {
    expect(sendingState({ state: 'waiting', photosSent: 1, photos: 12 })).toEqual({
      tone: 'warning',
      label: 'En attente de réseau (1/12\u00a0photos)',
    });
    expect(sendingState({ state: 'waiting', photosSent: 0, photos: 0 }).label).toBe(
      'En attente de réseau',
    );
    expect(sendingState({ state: 'sending', photosSent: 4, photos: 12 }).label).toBe(
      'Envoi (4/12\u00a0photos)',
    );
    expect(sendingState({ state: 'refused', message: 'Ce client n’existe pas.' })).toEqual({
      tone: 'error',
      label: 'Refusé',
      detail: 'Ce client n’existe pas.',
    });
    const incomplete = { complete: false, photosReceived: 2, photosExpected: 3 };
    expect(sendingState(undefined, incomplete).label).toBe('Envoi (2/3\u00a0photos)');
    expect(sendingState({ state: 'sent', photos: 3 }, incomplete).label).toBe(
      'Envoi (2/3\u00a0photos)',
    );
    expect(
      sendingState(undefined, { ...incomplete, complete: true, photosReceived: 3 }).label,
    ).toBe('Envoyé');
  });
});

describe('VisitReportsPanel', () => {
  it('lists the reports newest first with their state and the buyer’s answer, each opening as the report', async () => {
    state.data.reports = [
      report(1, REF_A, {
        answer: {
          answer: 'interesse',
          comment: 'On y retourne\u202f?',
          at: '2026-11-02T09:00:00.000Z',
        },
      }),
      report(2, REF_B, {
        complete: false,
        photosReceived: 1,
        recommendation: 'ecarte',
        publishedAt: null,
      }),
    ];
    render(
      <VisitReportsPanel buyerId="buyer">
        <button type="button">Nouveau compte rendu</button>
      </VisitReportsPanel>,
    );
    expect(state.path).toBe('/api/staff/buyers/buyer/visits');
    const section = screen.getByRole('region', { name: 'Comptes rendus de visite' });
    expect(within(section).getByRole('button', { name: 'Nouveau compte rendu' })).toBeTruthy();
    const rows = screen.getAllByTestId('visit-report-row');
    expect(rows.map((r) => within(r).getByRole('heading').textContent)).toEqual([
      '2, rue du Fichier, Paris 11e',
      '1, rue du Fichier, Paris 11e',
    ]);
    expect(within(rows[0]!).getByTestId('report-state').textContent).toBe(
      'Envoi (1/3\u00a0photos)',
    );
    expect(rows[0]!.textContent).toContain('Écarté');
    expect(within(rows[1]!).getByTestId('report-state').textContent).toBe('Envoyé');
    const answer = within(rows[1]!).getByTestId('report-client-answer').textContent;
    expect(answer).toContain('Réponse du client\u00a0: «\u00a0Ça m’intéresse\u00a0»');
    expect(answer).toContain('On y retourne\u202f?');

    const open = within(rows[1]!).getByRole('button', { name: 'Lire le compte rendu' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    const card = within(rows[1]!).getByRole('article', { name: '1, rue du Fichier, Paris 11e' });
    expect(within(card).getByTestId('report-staff').textContent).toContain('3/3 photos arrivées');
  });

  it('shows this device’s sendings: waiting, sending with its photos, refused; reads again once one settles', async () => {
    state.data.reports = [report(1, REF_A, { complete: false, photosReceived: 1 })];
    // REF_A: the report arrived, two photos wait. REF_B: all of it waits. REF_C: refused.
    await queuePhoto(REF_A, 2);
    await queuePhoto(REF_A, 3);
    await queueReport(REF_B, 2, 'buyer', '8, place Haute');
    await queuePhoto(REF_B, 1);
    await queuePhoto(REF_B, 2);
    await queueReport(REF_C, 0, 'buyer', '9, impasse Close');
    await settle(
      `report-${REF_C}`,
      'failed',
      'Ce client n’existe pas ou ne vous est pas attribué.',
    );
    // Another buyer's report is not this fiche's.
    await queueReport('44444444-4444-4444-8444-444444444444', 0, 'other', '1, rue Ailleurs');

    render(<VisitReportsPanel buyerId="buyer" />);
    await waitFor(() => expect(screen.getAllByTestId('visit-report-sending')).toHaveLength(2));
    const [b, c] = screen.getAllByTestId('visit-report-sending');
    expect(b!.textContent).toContain('8, place Haute');
    expect(within(b!).getByTestId('report-state').textContent).toBe(
      'En attente de réseau (0/2\u00a0photos)',
    );
    expect(c!.textContent).toContain('9, impasse Close');
    expect(within(c!).getByTestId('report-state').textContent).toBe('Refusé');
    expect(c!.textContent).toContain('Ce client n’existe pas ou ne vous est pas attribué.');
    const row = screen.getByTestId('visit-report-row');
    await waitFor(() =>
      expect(within(row).getByTestId('report-state').textContent).toBe(
        'En attente de réseau (1/3\u00a0photos)',
      ),
    );

    await settle(`photo-${REF_A}-2`, 'sent');
    await settle(`photo-${REF_A}-3`, 'sent');
    await waitFor(() => expect(state.reload).toHaveBeenCalledTimes(1));
  });
});
