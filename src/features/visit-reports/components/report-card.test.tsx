// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientVisitReport, StaffVisitReport } from '../../../domain/api/visits';
import {
  ReportCard,
  floorLabel,
  formatSurface,
  photosArrivedLabel,
  roomsLabel,
} from './report-card';

const report: ClientVisitReport = {
  id: 7,
  address: '12, rue des Lilas',
  city: '75111',
  cityName: 'Paris 11e',
  visitedAt: '2026-11-26T13:30:00.000Z',
  askingPrice: 520_000,
  livingArea: 48.5,
  rooms: 2,
  floor: 3,
  lift: true,
  energy: 245,
  emissions: 52,
  condition: 'travaux',
  works: 'Cuisine à refaire',
  worksEstimate: 15_000,
  rating: 4,
  strengths: 'Lumineux, traversant',
  weaknesses: 'Sur rue',
  reason: 'Correspond au budget et au quartier demandés.',
  hunterName: 'Jean Dupont',
  photos: [
    { id: 'p1', width: 1600, height: 1200, url: '/api/visit-photos/p1' },
    { id: 'p2', width: 1200, height: 1600, url: '/api/visit-photos/p2' },
  ],
  answer: null,
  publishedAt: '2026-11-26T15:00:00.000Z',
};

const staffReport: StaffVisitReport = {
  ...report,
  ref: '6b0a6a0e-1c56-4a53-9d1e-6d3f1a0b5e11',
  recommendation: 'ecarte',
  visitId: null,
  authorName: 'Jean Dupont',
  photosExpected: 12,
  photosReceived: 3,
  complete: false,
  publishedAt: null,
  createdAt: '2026-11-26T15:00:00.000Z',
};

/** An IntersectionObserver the test drives: `enter()` puts every observed element in view. */
class FakeObserver {
  static all: FakeObserver[] = [];
  observed: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.observed.push(el);
  }
  disconnect() {
    this.observed = [];
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  static enter() {
    for (const o of FakeObserver.all)
      o.callback(
        o.observed.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
        o as unknown as IntersectionObserver,
      );
  }
}

let made: string[];
let revoked: string[];
beforeEach(() => {
  FakeObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  made = [];
  revoked = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
    const url = `blob:photo-${made.length + 1}`;
    made.push(url);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const fact = (term: string) => {
  const dt = screen.getAllByRole('term').find((el) => el.textContent === term);
  return dt?.nextElementSibling?.textContent;
};

describe('the report’s words and figures', () => {
  it('says floors, surfaces, rooms and the photos’ state in French', () => {
    expect(floorLabel(0)).toBe('Rez-de-chaussée');
    expect(floorLabel(1)).toBe('1er étage');
    expect(floorLabel(3)).toBe('3e étage');
    expect(floorLabel(-1)).toBe('1er sous-sol');
    expect(floorLabel(null)).toBe('Maison / sans étage');
    expect(formatSurface(48.5)).toBe('48,5\u00a0m²');
    expect(formatSurface(120)).toBe('120\u00a0m²');
    expect(formatSurface(1250.25)).toBe('1\u202f250,25\u00a0m²');
    expect(roomsLabel(1)).toBe('1\u00a0pièce');
    expect(roomsLabel(4)).toBe('4\u00a0pièces');
    expect(photosArrivedLabel(3, 12)).toBe('3/12 photos arrivées');
    expect(photosArrivedLabel(1, 1)).toBe('1/1 photo arrivée');
    expect(photosArrivedLabel(0, 0)).toBe('Sans photo');
  });
});

describe('ReportCard', () => {
  it('shows the visit as the buyer reads it: place, date, figures, rating, opinions, DPE', () => {
    render(<ReportCard report={report} loadPhoto={vi.fn()} />);
    const card = screen.getByRole('article', { name: '12, rue des Lilas, Paris 11e' });
    expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe(
      '12, rue des Lilas, Paris 11e',
    );
    expect(card.textContent).toContain('Visité le jeudi 26\u00a0novembre 2026 à 14\u00a0h\u00a030');
    expect(fact('Prix demandé')).toBe('520\u202f000\u00a0€');
    expect(fact('Surface')).toBe('48,5\u00a0m²');
    expect(fact('Pièces')).toBe('2\u00a0pièces');
    expect(fact('Étage')).toBe('3e étage, avec ascenseur');
    expect(fact('État')).toBe('Travaux à prévoir');
    expect(fact('Travaux')).toBe('Estimés à 15\u202f000\u00a0€');
    expect(screen.getByTestId('report-rating').textContent).toContain('Note\u00a0: 4 sur 5');
    expect(screen.getByTestId('report-rating').querySelectorAll('svg')).toHaveLength(5);
    for (const title of [
      'Travaux à prévoir',
      'Points forts',
      'Points faibles',
      'L’avis de votre chasseur',
      'Diagnostic de performance énergétique',
    ])
      expect(within(card).getByRole('heading', { level: 4, name: title })).toBeTruthy();
    expect(screen.getByTestId('report-reason').textContent).toBe(report.reason);
    expect(card.textContent).toContain('Jean Dupont');
    expect(screen.getByTestId('energy-labels')).toBeTruthy();
    // The staff's words are not the buyer's.
    expect(screen.queryByTestId('report-staff')).toBeNull();
  });

  it('says a house has no floor, and leaves out what the hunter did not write', () => {
    render(
      <ReportCard
        report={{
          ...report,
          floor: null,
          lift: false,
          works: '',
          worksEstimate: null,
          strengths: '',
          weaknesses: '',
          photos: [],
        }}
      />,
    );
    expect(fact('Étage')).toBe('Maison / sans étage');
    expect(fact('Travaux')).toBe('Aucun');
    expect(screen.queryByRole('heading', { name: 'Points forts' })).toBeNull();
    expect(screen.queryByTestId('report-photos')).toBeNull();
  });

  it('staff variant: the verdict, the photos’ state and the author', () => {
    render(<ReportCard variant="staff" report={staffReport} loadPhoto={vi.fn()} />);
    const staff = screen.getByTestId('report-staff');
    expect(staff.textContent).toContain('Écarté');
    expect(staff.textContent).toContain('3/12 photos arrivées');
    expect(staff.textContent).toContain('Rédigé par Jean Dupont');
    expect(screen.getByRole('heading', { name: 'L’avis du chasseur' })).toBeTruthy();
  });

  it('fetches the photos with the token only once near the viewport, sizes reserved, and revokes them when it goes', async () => {
    const loadPhoto = vi.fn((url: string) => Promise.resolve(new Blob([url])));
    const { unmount } = render(<ReportCard report={report} loadPhoto={loadPhoto} />);
    const shown = () => screen.getByTestId('gallery-photo') as HTMLImageElement;
    // Before: a transparent stand-in at the photo's size, nothing asked.
    expect(shown().getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
    expect(shown().getAttribute('width')).toBe('1600');
    expect(shown().getAttribute('height')).toBe('1200');
    expect(shown().alt).toBe('12, rue des Lilas, photo 1');
    expect(loadPhoto).not.toHaveBeenCalled();

    act(() => FakeObserver.enter());
    await waitFor(() => expect(screen.getByTestId('report-photos').dataset.loaded).toBe('2'));
    expect(loadPhoto.mock.calls.map(([url]) => url)).toEqual([
      '/api/visit-photos/p1',
      '/api/visit-photos/p2',
    ]);
    expect(shown().getAttribute('src')).toBe('blob:photo-1');
    unmount();
    expect(revoked.sort()).toEqual(['blob:photo-1', 'blob:photo-2']);
  });

  it('says which photos could not be fetched and asks again', async () => {
    let online = false;
    const loadPhoto = vi.fn((url: string) =>
      online ? Promise.resolve(new Blob([url])) : Promise.reject(new Error('offline')),
    );
    render(<ReportCard report={report} loadPhoto={loadPhoto} />);
    act(() => FakeObserver.enter());
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain(
        '2\u00a0photos n’ont pas pu être chargées',
      ),
    );
    online = true;
    act(() => screen.getByRole('button', { name: 'Réessayer' }).click());
    await waitFor(() => expect(screen.getByTestId('report-photos').dataset.loaded).toBe('2'));
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();
  });
});
