// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { CLIENT_ROLES, STAFF_ROLES, type RoleCode } from '../domain/roles';
import { sessionStore } from '../features/auth';
import { Guard } from './guard';

afterEach(() => {
  cleanup();
  sessionStore.token = null;
  sessionStore.roles = [];
});

function visit(path: string, roles: readonly RoleCode[]) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook}>
      <Guard roles={roles}>
        <p>Contenu protégé</p>
      </Guard>
    </Router>,
  );
  return location;
}

describe('Guard (spec 6)', () => {
  it('sends a visitor without a token to / silently, replacing the address', () => {
    const location = visit('/dashboard', CLIENT_ROLES);
    expect(screen.queryByText('Contenu protégé')).toBeNull();
    expect(location.history).toEqual(['/']);
  });

  it('sends a person without a shared role to /', () => {
    sessionStore.token = 'jeton';
    sessionStore.roles = [1];
    const location = visit('/wh-dashboard', STAFF_ROLES);
    expect(location.history).toEqual(['/']);
  });

  it('shows the page when a role is shared', () => {
    sessionStore.token = 'jeton';
    sessionStore.roles = [2, 3];
    const location = visit('/wh-dashboard', STAFF_ROLES);
    expect(screen.getByText('Contenu protégé')).toBeTruthy();
    expect(location.history).toEqual(['/wh-dashboard']);
  });
});
