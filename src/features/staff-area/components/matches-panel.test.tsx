// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  BuyerMatchesResponse,
  LeadMatchView,
  LeadMatchesResponse,
} from '../../../domain/api/matches';
import { Role } from '../../../domain/roles';
import { BuyerMatchesPanel, LeadMatchesPanel } from './matches-panel';

const state = vi.hoisted(() => ({
  data: undefined as unknown,
  path: '',
  reload: vi.fn(),
  change: vi.fn(),
  roles: [2] as number[],
}));
vi.mock('../../auth', () => ({
  useSession: () => ({ user: { _id: 'hunter' }, roles: state.roles }),
}));
vi.mock('../staff-api', () => ({
  useStaffApi: (path: string) => {
    state.path = path;
    return [{ status: 'ready', state: 'fresh', data: state.data, fetchedAt: 0 }, state.reload];
  },
  staffChange: state.change,
}));
vi.mock('../../../lib/toast', () => ({ notify: { success: vi.fn() } }));

const reasons = [
  { kind: 'place' as const, text: 'à Vincennes, ville recherchée', points: 30 },
  { kind: 'surface' as const, text: 'Moins de 30\u00a0m² au lieu de 70 à 100\u00a0m²', points: -6 },
];
const lead = (leadId: number, extra: Partial<LeadMatchView> = {}): LeadMatchView => ({
  leadId,
  propertyId: leadId + 100,
  assignedTo: 'hunter',
  city: 'Vincennes',
  price: 480_000,
  score: 24,
  reasons,
  proposedAt: null,
  answer: null,
  ...extra,
});

beforeEach(() => {
  state.reload.mockReset();
  state.change.mockReset();
  state.roles = [Role.CHASSEUR];
});
afterEach(cleanup);

describe('« Biens qui correspondent » (fiche acquéreur)', () => {
  it('lists each lead with its score and reasons; the hunter’s own leads are linked', () => {
    state.data = {
      projectId: 9,
      matches: [
        lead(1),
        lead(2, {
          assignedTo: 'other',
          price: null,
          proposedAt: '2026-11-20T10:00:00.000Z',
          answer: 'interesse',
        }),
        lead(3, { assignedTo: null }),
      ],
    } satisfies BuyerMatchesResponse;
    render(<BuyerMatchesPanel buyerId="b 1" />);
    expect(state.path).toBe('/api/staff/buyers/b%201/matches');
    const items = within(
      screen.getByRole('region', { name: 'Biens qui correspondent' }),
    ).getAllByTestId('match');
    expect(items).toHaveLength(3);
    const [own, theirs, nobodys] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(own).getByRole('heading').textContent).toBe('Vincennes · 480\u202f000\u00a0€');
    expect(own.textContent).toContain('Score\u00a0: 24\u00a0points');
    expect(own.textContent).toContain('à Vincennes, ville recherchée+30');
    expect(own.textContent).toContain('\u22126 points');
    expect(within(own).getByRole('link').getAttribute('href')).toBe(
      '/wh-dashboard/proprietaires/1',
    );
    expect(within(theirs).getByRole('heading').textContent).toBe('Vincennes · prix à estimer');
    expect(within(theirs).queryByRole('link')).toBeNull();
    expect(theirs.textContent).toContain('Propriétaire suivi par un autre chasseur');
    expect(within(theirs).queryByRole('button')).toBeNull();
    expect(within(theirs).getByTestId('match-proposed').textContent).toBe(
      'Proposé le 20\u00a0nov.',
    );
    expect(within(theirs).getByTestId('match-answer').textContent).toBe('Le client est intéressé');
    expect(nobodys.textContent).toContain('Propriétaire pas encore attribué');
  });

  it('links every lead for a supervisor', () => {
    state.roles = [Role.MANAGER];
    state.data = { projectId: 9, matches: [lead(2, { assignedTo: 'other' })] };
    render(<BuyerMatchesPanel buyerId="b1" />);
    expect(screen.getByRole('link', { name: /Fiche du propriétaire/ })).toBeTruthy();
  });

  it('proposes a lead, then reads the list again; a refusal is said beside the button', async () => {
    state.data = { projectId: 9, matches: [lead(1)] };
    state.change.mockResolvedValueOnce({
      ok: false,
      status: null,
      message: 'Pas de réseau.',
      fieldErrors: {},
    });
    render(<BuyerMatchesPanel buyerId="b1" />);
    const button = screen.getByRole('button', { name: /^Proposer au client/ });
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Pas de réseau.'));
    expect(state.reload).not.toHaveBeenCalled();
    state.change.mockResolvedValueOnce({ ok: true, data: { proposalId: 4, created: true } });
    fireEvent.click(button);
    await waitFor(() => expect(state.reload).toHaveBeenCalledTimes(1));
    expect(state.change).toHaveBeenLastCalledWith('/api/staff/buyers/b1/proposals', 'POST', {
      leadId: 1,
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the buyer has no project, or nothing fits', () => {
    state.data = { projectId: null, matches: [] };
    const { unmount } = render(<BuyerMatchesPanel buyerId="b1" />);
    expect(screen.getByText(/pas encore de projet/)).toBeTruthy();
    unmount();
    state.data = { projectId: 9, matches: [] };
    render(<BuyerMatchesPanel buyerId="b1" />);
    expect(screen.getByText(/Aucun bien de nos propriétaires ne correspond/)).toBeTruthy();
  });
});

describe('« Acquéreurs intéressés » (fiche propriétaire)', () => {
  it('links each buyer’s fiche and proposes the lead to that buyer', async () => {
    state.data = {
      matches: [
        {
          projectId: 5,
          buyerId: 'b7',
          hunterId: 'hunter',
          clientName: 'Chloé Bernard',
          score: 70,
          reasons,
          proposedAt: null,
          answer: null,
        },
      ],
    } satisfies LeadMatchesResponse;
    state.change.mockResolvedValueOnce({ ok: true, data: { proposalId: 4, created: true } });
    render(<LeadMatchesPanel leadId={12} />);
    expect(state.path).toBe('/api/staff/leads/12/matches');
    expect(screen.getByRole('link', { name: 'Chloé Bernard' }).getAttribute('href')).toBe(
      '/wh-dashboard/acquereurs/b7',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Proposer au client à Chloé Bernard' }));
    await waitFor(() => expect(state.reload).toHaveBeenCalled());
    expect(state.change).toHaveBeenCalledWith('/api/staff/buyers/b7/proposals', 'POST', {
      leadId: 12,
    });
  });

  it('says when no buyer fits, the hunter’s own for a hunter', () => {
    state.data = { matches: [] };
    render(<LeadMatchesPanel leadId={12} />);
    expect(screen.getByText(/Aucun de vos acquéreurs/)).toBeTruthy();
  });
});
