// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlannedVisitView } from '../../../domain/api/visits';
import { durationLabel } from './planned-visits-form';
import {
  formatDuration,
  formatParisTime,
  isUpcoming,
  splitVisits,
  visitMoment,
  VisitReportAction,
} from './planned-visits';

afterEach(cleanup);

const visit = (id: number, startsAt: string, more: Partial<PlannedVisitView> = {}) =>
  ({
    id,
    buyerId: 'b1',
    address: '3, place de la Bastille',
    city: '75111',
    cityName: 'Paris 11e',
    department: '75',
    startsAt,
    duration: 45,
    withClient: true,
    note: '',
    hunterName: 'Charles Chasseur',
    cancelled: false,
    reportId: null,
    ...more,
  }) satisfies PlannedVisitView;

describe('a visit’s time in Paris', () => {
  it('says the hour and minutes in French, « 9 h » on the hour, in summer and in winter', () => {
    expect(formatParisTime('2026-06-15T12:30:00.000Z')).toBe('14\u00a0h\u00a030');
    expect(formatParisTime('2026-11-26T08:00:00.000Z')).toBe('9\u00a0h');
    expect(formatParisTime('2026-11-26T23:05:00.000Z')).toBe('0\u00a0h\u00a005');
  });

  it('says the day without the year when it is this year’s', () => {
    const now = Date.parse('2026-11-20T10:00:00Z');
    expect(visitMoment('2026-11-26T13:30:00.000Z', now)).toBe(
      'jeudi 26\u00a0novembre à 14\u00a0h\u00a030',
    );
    expect(visitMoment('2027-01-07T09:00:00.000Z', now)).toBe(
      'jeudi 7\u00a0janvier 2027 à 10\u00a0h',
    );
  });

  it('says how long it lasts', () => {
    expect(formatDuration(45)).toBe('45\u00a0min');
    expect(formatDuration(60)).toBe('1\u00a0h');
    expect(formatDuration(90)).toBe('1\u00a0h\u00a030');
    expect(formatDuration(125)).toBe('2\u00a0h\u00a005');
    expect(durationLabel(45)).toBe('45\u00a0minutes');
    expect(durationLabel(60)).toBe('1\u00a0heure');
    expect(durationLabel(90)).toBe('1\u00a0heure 30');
    expect(durationLabel(180)).toBe('3\u00a0heures');
  });
});

describe('splitVisits', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');

  it('puts the visits to come first, the nearest first, then the past ones, the latest first', () => {
    const visits = [
      visit(1, '2026-11-20T09:00:00Z'),
      visit(2, '2026-12-01T09:00:00Z'),
      visit(3, '2026-11-27T09:00:00Z', { cancelled: true }),
      visit(4, '2026-11-25T09:00:00Z'),
      visit(5, '2026-11-27T09:00:00Z'),
    ];
    const { upcoming, past } = splitVisits(visits, now);
    expect(upcoming.map((v) => v.id)).toEqual([3, 5, 2]);
    expect(past.map((v) => v.id)).toEqual([4, 1]);
  });

  it('keeps a visit under way among those to come until it ends', () => {
    const started = visit(1, '2026-11-26T11:30:00Z', { duration: 45 });
    expect(isUpcoming(started, now)).toBe(true);
    expect(isUpcoming(started, now + 15 * 60_000)).toBe(false);
  });
});

describe('VisitReportAction', () => {
  it('links a visit without a report to the report form, prefilled from the visit', () => {
    render(<VisitReportAction visit={visit(7, '2026-11-26T13:30:00Z')} />);
    expect(screen.getByRole('link', { name: 'Rédiger le compte rendu' }).getAttribute('href')).toBe(
      '/wh-dashboard/acquereurs/b1/compte-rendu?visite=7',
    );
  });

  it('says a report was sent, and offers nothing for a cancelled visit', () => {
    const { rerender, container } = render(
      <VisitReportAction visit={visit(7, '2026-11-26T13:30:00Z', { reportId: 3 })} />,
    );
    expect(screen.getByText('Compte rendu envoyé')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    rerender(<VisitReportAction visit={visit(7, '2026-11-26T13:30:00Z', { cancelled: true })} />);
    expect(container.textContent).toBe('');
  });
});
