// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Header } from './header';
import type { MenuItem } from './menu';

const twoDropdowns: MenuItem[] = [
  { id: 'a', title: 'Premier', children: [{ id: 'a1', title: 'Lien A', path: '/a' }] },
  { id: 'b', title: 'Second', children: [{ id: 'b1', title: 'Lien B', path: '/b' }] },
];

function renderHeader(path = '/services') {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook}>
      <Header menu={twoDropdowns} />
    </Router>,
  );
  return location;
}

const trigger = (name: string) =>
  screen
    .getAllByRole('button', { name })
    .find((b) => b.closest('nav')?.getAttribute('aria-label') === 'Menu principal')!;

afterEach(cleanup);

describe('Header dropdowns', () => {
  it('keeps only one dropdown open at a time', () => {
    renderHeader();
    fireEvent.click(trigger('Premier'));
    expect(trigger('Premier').getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(trigger('Second'));
    expect(trigger('Second').getAttribute('aria-expanded')).toBe('true');
    expect(trigger('Premier').getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on Escape and gives focus back to its button', () => {
    renderHeader();
    fireEvent.click(trigger('Second'));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(trigger('Second').getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(trigger('Second'));
  });

  it('closes when the location changes', () => {
    const location = renderHeader();
    fireEvent.click(trigger('Premier'));
    act(() => location.navigate('/a'));
    expect(trigger('Premier').getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the mobile panel on Escape', () => {
    renderHeader();
    const burger = screen.getByRole('button', { name: 'Ouvrir le menu' });
    fireEvent.click(burger);
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(
      screen.getByRole('button', { name: 'Ouvrir le menu' }).getAttribute('aria-expanded'),
    ).toBe('false');
  });
});
