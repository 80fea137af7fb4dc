// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FetchError } from 'ofetch';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiModule from '../../../lib/api';
import { PlanVisitForm } from './planned-visits-form';

const { api, loadCities } = vi.hoisted(() => ({ api: vi.fn(), loadCities: vi.fn() }));
vi.mock('../../../lib/api', async (actual) => ({
  ...(await actual<typeof apiModule>()),
  api,
}));
vi.mock('../../../lib/geography', () => ({ loadCities }));
vi.mock('../../../lib/toast', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

afterEach(cleanup);
beforeEach(() => {
  api.mockReset();
  loadCities.mockReset();
  loadCities.mockResolvedValue([
    { nom: 'Paris', code: '75056', codeDepartement: '75', codesPostaux: ['75001'] },
    {
      nom: 'Paris 11e Arrondissement',
      code: '75111',
      codeDepartement: '75',
      codesPostaux: ['75011'],
    },
  ]);
});

/** A refusal as the server says it (server/http/errors.ts). */
function refusal(fieldErrors: Record<string, string>) {
  const error = new FetchError('refused');
  Object.assign(error, {
    response: new Response('{}', { status: 400 }),
    data: { message: 'Certains champs sont invalides.', fieldErrors },
  });
  return error;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Planifier la visite' }));

async function fill() {
  fireEvent.change(field('Adresse du bien'), { target: { value: '3, place de la Bastille' } });
  fireEvent.change(field('Département'), { target: { value: '75' } });
  await waitFor(() => expect(field('Ville').disabled).toBe(false));
  fireEvent.change(field('Ville'), { target: { value: '75111' } });
  fireEvent.change(field('Date et heure'), { target: { value: '2020-01-01T10:00' } });
  fireEvent.click(screen.getByLabelText('Le client vient à la visite'));
  fireEvent.change(field('Note (facultative)'), { target: { value: 'Code 4521B.' } });
}

describe('PlanVisitForm', () => {
  it('says in French what is missing under each field, and sends nothing', async () => {
    render(<PlanVisitForm buyerId="b1" onPlanned={vi.fn()} onClose={vi.fn()} />);
    expect(field('Ville').disabled).toBe(true);
    submit();
    await screen.findByText('Indiquez l’adresse du bien à visiter (numéro et rue).');
    expect(
      screen.getByText('Choisissez un département parmi ceux que nous couvrons.'),
    ).toBeTruthy();
    expect(screen.getByText('Choisissez la ville du bien.')).toBeTruthy();
    expect(screen.getByText('Indiquez la date et l’heure de la visite.')).toBeTruthy();
    expect(field('Date et heure').getAttribute('aria-invalid')).toBe('true');
    expect(api).not.toHaveBeenCalled();
  });

  it('sends the visit as the contract says, with 45 minutes unless told', async () => {
    const onPlanned = vi.fn();
    api.mockResolvedValue({ id: 9, startsAt: '2020-01-01T09:00:00.000Z' });
    render(<PlanVisitForm buyerId="b1" onPlanned={onPlanned} onClose={vi.fn()} />);
    await fill();
    submit();
    await waitFor(() => expect(onPlanned).toHaveBeenCalled());
    expect(api).toHaveBeenCalledWith('/api/staff/buyers/b1/visits', {
      method: 'POST',
      body: {
        address: '3, place de la Bastille',
        department: '75',
        city: '75111',
        startsAt: '2020-01-01T10:00',
        duration: 45,
        withClient: true,
        note: 'Code 4521B.',
      },
    });
  });

  it('puts the server’s refusal under its field and keeps everything typed', async () => {
    api.mockRejectedValue(
      refusal({ startsAt: 'Cette date est passée\u00a0: indiquez la date de la visite à venir.' }),
    );
    const onPlanned = vi.fn();
    render(<PlanVisitForm buyerId="b1" onPlanned={onPlanned} onClose={vi.fn()} />);
    await fill();
    submit();
    await screen.findByText(/Cette date est passée/);
    const date = field('Date et heure');
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(date.getAttribute('aria-describedby')).toContain('erreur');
    expect(date.value).toBe('2020-01-01T10:00');
    expect(field('Adresse du bien').value).toBe('3, place de la Bastille');
    expect(field('Ville').value).toBe('75111');
    expect(field('Note (facultative)').value).toBe('Code 4521B.');
    expect((screen.getByLabelText('Le client vient à la visite') as HTMLInputElement).checked).toBe(
      true,
    );
    expect(onPlanned).not.toHaveBeenCalled();
  });

  it('asks for the city again when the department changes', async () => {
    render(<PlanVisitForm buyerId="b1" onPlanned={vi.fn()} onClose={vi.fn()} />);
    await fill();
    fireEvent.change(field('Département'), { target: { value: '92' } });
    await waitFor(() => expect(loadCities).toHaveBeenLastCalledWith(['92']));
    expect(field('Ville').value).toBe('');
  });
});
