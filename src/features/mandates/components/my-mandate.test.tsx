// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MandateView } from '../../../domain/api/mandates';
import type * as Api from '../../../lib/api';
import type * as MandateApi from '../mandate-api';
import { buildMandateContent, type MandateInput } from '../../../domain/mandate';
import { MandateDocument, splitParagraphs } from './mandate-document';
import MyMandate, { needsNewCode } from './my-mandate';

const state = vi.hoisted(() => ({
  mandate: null as unknown,
  posts: [] as { path: string; body: unknown }[],
  answers: [] as { status: number; body: unknown }[],
}));

vi.mock('../../auth', () => ({
  useSession: () => ({
    user: { _id: 'client', firstname: 'Léa', lastname: 'Bernard', email: 'lea@exemple.fr' },
  }),
}));
vi.mock('../mandate-api', async (original) => ({
  ...(await original<typeof MandateApi>()),
  useClientMandate: () => [
    { status: 'ready', state: 'fresh', data: state.mandate, fetchedAt: 0 },
    () => undefined,
  ],
}));
vi.mock('../../../lib/api', async (original) => {
  const actual = await original<typeof Api>();
  const { FetchError } = await import('ofetch');
  return {
    ...actual,
    api: (path: string, options: { body?: unknown }) => {
      state.posts.push({ path, body: options.body });
      const answer = state.answers.shift() ?? { status: 200, body: {} };
      if (answer.status === 200) return Promise.resolve(answer.body);
      const error = new FetchError('refused');
      Object.assign(error, { response: { status: answer.status }, data: answer.body });
      return Promise.reject(error);
    },
  };
});

const input: MandateInput = {
  client: {
    firstName: 'Léa',
    lastName: 'Bernard',
    email: 'lea@exemple.fr',
    address: '8 avenue de Paris, 94300 Vincennes',
  },
  project: {
    searchGoal: 'Résidence principale',
    department: ['94'],
    cities: ['Vincennes'],
    typeBien: [1],
    typeAchat: [1],
    budget: 650_000,
  } as MandateInput['project'],
  hunterName: 'Charles Chasseur',
  preparedAt: '2026-11-26T10:00:00Z',
};

const awaiting = (more: Partial<MandateView> = {}): MandateView => ({
  id: 'm1',
  buyerId: 'client',
  projectId: 1,
  status: 'awaiting_signature',
  preparedAt: input.preparedAt,
  preparedByName: 'Charles Chasseur',
  identityMissing: false,
  content: buildMandateContent(input),
  registerNumber: null,
  signedAt: null,
  withdrawalUntil: null,
  endableFrom: null,
  endedAt: null,
  pdfSha256: null,
  codeValidUntil: null,
  provider: 'internal',
  testCertificate: true,
  ...more,
});

beforeEach(() => {
  state.posts = [];
  state.answers = [];
});
afterEach(cleanup);

describe('the mandate as HTML (MandateDocument)', () => {
  it('shows the parties, the art. 78 clause in its emphasised block, the fee table and the withdrawal form', () => {
    render(<MandateDocument content={buildMandateContent(input)} />);
    expect(screen.getByRole('heading', { name: 'Mandat de recherche' })).toBeTruthy();
    expect(screen.getByText('Léa Bernard')).toBeTruthy();
    const clause = screen.getByTestId('mandate-section-termination');
    expect(clause.className).toContain('border-2');
    expect(clause.textContent).toContain('PASSÉ UN DÉLAI DE TROIS MOIS');
    const fees = screen.getByRole('table', { name: 'Barème des honoraires' });
    expect(within(fees).getAllByRole('row').length).toBeGreaterThan(2);
    expect(screen.getByTestId('mandate-withdrawal-form').textContent).toContain(
      'Je vous notifie par la présente ma rétractation',
    );
  });

  it('puts a list after the sentence that announces it, a table after the first paragraph', () => {
    expect(splitParagraphs({ paragraphs: ['a', 'suivantes\u00a0:', 'c'], items: [] })).toEqual({
      before: ['a', 'suivantes\u00a0:'],
      after: ['c'],
    });
    expect(
      splitParagraphs({ paragraphs: ['a', 'b'], table: { head: ['x', 'y'], rows: [] } }),
    ).toEqual({ before: ['a'], after: ['b'] });
    expect(splitParagraphs({ paragraphs: ['a', 'b'] })).toEqual({ before: ['a', 'b'], after: [] });
  });
});

describe('« Mon mandat »: signing', () => {
  it('asks for the box first, then the code; a wrong one is said under the field with the code kept', async () => {
    state.mandate = awaiting();
    render(<MyMandate />);
    const accept = screen.getByRole('checkbox', {
      name: /J’ai lu et j’accepte/,
    }) as HTMLInputElement;
    expect(accept.checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Recevoir le code' }));
    await screen.findByText(/Cochez «\sJ’ai lu et j’accepte\s» pour recevoir le code/);
    expect(state.posts).toHaveLength(0);

    fireEvent.click(accept);
    fireEvent.click(screen.getByRole('button', { name: 'Recevoir le code' }));
    const code = (await screen.findByLabelText(/Code reçu par e-mail/)) as HTMLInputElement;
    expect(state.posts[0]).toEqual({ path: '/api/client/mandate/code', body: { accepted: true } });
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');

    state.answers.push({
      status: 400,
      body: {
        message: 'Ce code est incorrect. Il vous reste 4\u00a0essais.',
        fieldErrors: { code: 'Ce code est incorrect. Il vous reste 4\u00a0essais.' },
      },
    });
    fireEvent.input(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Signer le mandat' }));
    await screen.findByText(/Ce code est incorrect\. Il vous reste 4\sessais\./);
    expect(code.value).toBe('123456');
    expect(code.getAttribute('aria-invalid')).toBe('true');
  });

  it('says the code is locked after the fifth wrong one, and no longer offers the field', async () => {
    state.mandate = awaiting({ codeValidUntil: new Date(Date.now() + 600_000).toISOString() });
    render(<MyMandate />);
    const locked =
      'Ce code est incorrect\u00a0; après 5\u00a0essais, il est bloqué. Demandez un nouveau code.';
    state.answers.push({ status: 400, body: { message: locked, fieldErrors: { code: locked } } });
    const code = screen.getByLabelText(/Code reçu par e-mail/);
    fireEvent.input(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Signer le mandat' }));
    await waitFor(() => expect(screen.getByTestId('code-locked').textContent).toContain(locked));
    expect(screen.queryByLabelText(/Code reçu par e-mail/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Recevoir un nouveau code' })).toBeTruthy();
  });

  it('knows the refusals that need a new code', () => {
    expect(needsNewCode({ status: 409, message: 'Ce code a expiré' })).toBe(true);
    expect(needsNewCode({ status: 429, message: 'Trop d’essais' })).toBe(true);
    expect(needsNewCode({ status: 400, message: 'Il vous reste 2\u00a0essais.' })).toBe(false);
  });

  it('asks for the identity when the mandate lacks it, before any signing', () => {
    state.mandate = awaiting({ identityMissing: true });
    render(<MyMandate />);
    expect(screen.getByLabelText(/Adresse postale/)).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /J’ai lu et j’accepte/ })).toBeNull();
  });
});
