// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { User } from '../../domain/user.schema';
import { sessionEffects } from '../../features/auth/session.actions';
import { sessionStore } from '../../features/auth/session.state';
import { Header } from './header';
import type { MenuItem } from './menu';

const revokeToken = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('../../features/auth/api/session', () => ({ revokeToken }));

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

afterEach(() => {
  cleanup();
  sessionStore.token = null;
  sessionStore.roles = [];
  sessionStore.user = null;
});

function signInAs(roles: number[]) {
  sessionStore.token = 'jeton';
  sessionStore.roles = roles;
  sessionStore.user = {
    _id: 'u1',
    firstname: 'Claire',
    lastname: 'Martin',
    email: 'claire@exemple.fr',
  } as User;
}

const mainNav = () => screen.getByRole('navigation', { name: 'Menu principal' }).parentElement!;

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

describe('Header account actions (spec 2.2)', () => {
  it('offers sign-in and the signup to anonymous visitors', () => {
    renderHeader();
    expect(
      screen
        .getAllByRole('link', { name: 'Se connecter', hidden: true })
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/signin', '/signin']);
    expect(screen.getAllByRole('link', { name: 'Décrire mon projet', hidden: true })).toHaveLength(
      2,
    );
    expect(screen.queryByRole('link', { name: 'Mon Espace' })).toBeNull();
  });

  it('leads a client to /dashboard and staff to /wh-dashboard', async () => {
    signInAs([1]);
    renderHeader();
    expect(
      (await screen.findAllByRole('link', { name: 'Mon Espace', hidden: true })).map((a) =>
        a.getAttribute('href'),
      ),
    ).toEqual(['/dashboard', '/dashboard']);
    expect(screen.queryByRole('link', { name: 'Se connecter', hidden: true })).toBeNull();
    cleanup();
    signInAs([2]);
    renderHeader();
    expect(
      (await screen.findAllByRole('link', { name: 'Mon Espace' }))[0]!.getAttribute('href'),
    ).toBe('/wh-dashboard');
  });

  it('has a desktop user menu sharing the one-dropdown-at-a-time rule', async () => {
    signInAs([1]);
    renderHeader();
    const userMenu = await within(mainNav()).findByRole('button', { name: /Claire/ });
    expect(userMenu.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(trigger('Premier'));
    fireEvent.click(userMenu);
    expect(userMenu.getAttribute('aria-expanded')).toBe('true');
    expect(trigger('Premier').getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(userMenu.getAttribute('aria-controls')!)!;
    expect(within(panel).getByRole('link', { name: 'Paramètres' }).getAttribute('href')).toBe(
      '/parametres',
    );
    expect(within(panel).getByRole('button', { name: 'Se déconnecter' })).toBeTruthy();
    fireEvent.click(trigger('Second'));
    expect(userMenu.getAttribute('aria-expanded')).toBe('false');
  });

  it('lists Mon Espace, Paramètres and Se déconnecter in the mobile panel', async () => {
    signInAs([1]);
    renderHeader();
    await screen.findAllByRole('link', { name: 'Mon Espace', hidden: true });
    const mobile = screen.getByRole('navigation', { name: 'Menu mobile', hidden: true });
    const names = within(mobile)
      .getAllByRole('link', { hidden: true })
      .concat(within(mobile).getAllByRole('button', { hidden: true }))
      .map((el) => el.textContent);
    expect(names).toEqual(expect.arrayContaining(['Mon Espace', 'Paramètres', 'Se déconnecter']));
  });

  it('signs out: revokes the token and reloads', async () => {
    const reload = vi.fn();
    sessionEffects.reload = reload;
    signInAs([1]);
    renderHeader();
    fireEvent.click(await within(mainNav()).findByRole('button', { name: /Claire/ }));
    await act(async () => {
      fireEvent.click(within(mainNav()).getByRole('button', { name: 'Se déconnecter' }));
    });
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(revokeToken).toHaveBeenCalledWith('jeton');
  });

  it('renders signed out on the server, so prerendered HTML never depends on a session', () => {
    signInAs([1]);
    const html = renderToString(
      <Router ssrPath="/services">
        <Header menu={twoDropdowns} />
      </Router>,
    );
    expect(html).toContain('Se connecter');
    expect(html).not.toContain('Mon Espace');
  });
});
