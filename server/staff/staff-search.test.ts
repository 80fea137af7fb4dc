import { describe, expect, it } from 'vitest';
import { foldForSearch, searchTextOf, searchWords } from '../../src/domain/search';
import { addBuyer, addLead } from './test-records';
import { staffApps } from './test-staff';

const openApp = staffApps();

const QUERIES = ['elodie', 'ELODIE', 'Élodie Martin', 'martin élodie'];

describe('one search for every staff list', () => {
  it('folds accents and case, and splits words; digits typed with spaces are one number', () => {
    expect(foldForSearch('Élodie MARTIN')).toBe('elodie martin');
    expect(searchWords('  martin   Élodie ')).toEqual(['martin', 'elodie']);
    expect(searchWords('06 12 34')).toEqual(['061234']);
    expect(searchTextOf('Martin', 'Élodie', 'e@x.fr', '06 12 34 56 78')).toBe(
      'martin elodie e@x.fr 06 12 34 56 78 0612345678',
    );
  });

  it('finds Élodie Martin by « elodie », « ELODIE », « Élodie Martin » and « martin élodie » in Acquéreurs, Propriétaires and Utilisateurs', async () => {
    const t = await openApp();
    const buyer = await addBuyer(t.db, 'Élodie', null, { lastname: 'Martin' });
    await addBuyer(t.db, 'Martine', null, { lastname: 'Elo' });
    const lead = await addLead(t.db, 'Martin', null, 'Vincennes', 'Élodie');
    await addLead(t.db, 'Élodin', null, 'Vincennes', 'Marc');
    for (const q of QUERIES) {
      const query = `q=${encodeURIComponent(q)}`;
      const buyers = await t.call('admin', 'GET', `/api/staff/buyers?${query}`);
      expect(
        buyers.body.items.map((r: { userId: string }) => r.userId),
        q,
      ).toEqual([buyer.userId]);
      const leads = await t.call('admin', 'GET', `/api/staff/leads?${query}`);
      expect(
        leads.body.items.map((r: { id: number }) => r.id),
        q,
      ).toEqual([lead]);
      const users = await t.call('admin', 'GET', `/api/admin/users?${query}`);
      expect(
        users.body.items.map((r: { _id: string }) => r._id),
        q,
      ).toEqual([buyer.userId]);
      expect(users.body.total, q).toBe(1);
    }
  });

  it('keeps the search text right when an admin renames a person', async () => {
    const t = await openApp();
    const buyer = await addBuyer(t.db, 'Nadia', null, { lastname: 'Dupuis' });
    const path = `/api/admin/users/${buyer.userId}`;
    const read = await t.call('admin', 'GET', path);
    const edit = await t.call('admin', 'PUT', path, {
      lastname: 'Martin',
      firstname: 'Élodie',
      email: read.body.email,
      phone: read.body.phone,
      roles: read.body.roles,
      idChasseur: null,
      version: read.body.version,
    });
    expect(edit.status).toBe(200);
    for (const list of ['/api/staff/buyers', '/api/admin/users']) {
      const found = await t.call('admin', 'GET', `${list}?q=martin%20elodie`);
      expect(found.body.total, list).toBe(1);
      expect((await t.call('admin', 'GET', `${list}?q=dupuis`)).body.total, list).toBe(0);
    }
  });
});
