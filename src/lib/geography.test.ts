import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appDb } from '../db/database';
import {
  GeographyUnavailableError,
  departmentLabel,
  loadCities,
  loadDepartments,
} from './geography';

const departements = ['75', '77', '78', '91', '92', '93', '94', '95'].map((code) => ({
  code,
  nom: `Dép ${code}`,
  codeRegion: '11',
}));
const communes: Record<
  string,
  { nom: string; code: string; codeDepartement: string; codesPostaux: string[] }[]
> = {
  '91': [{ nom: 'Massy', code: '91377', codeDepartement: '91', codesPostaux: ['91300'] }],
  '94': [{ nom: 'Vincennes', code: '94080', codeDepartement: '94', codesPostaux: ['94300'] }],
};

let online = true;
const calls: string[] = [];
beforeEach(async () => {
  online = true;
  calls.length = 0;
  await Promise.all([appDb.geoDepartements.clear(), appDb.geoCommunes.clear()]);
  vi.stubGlobal('fetch', (url: string) => {
    calls.push(url);
    if (!online) return Promise.reject(new TypeError('Failed to fetch'));
    const body = url.endsWith('/regions/11/departements')
      ? departements
      : communes[/departements\/(\d+)\//.exec(url)?.[1] ?? ''];
    return Promise.resolve(new Response(JSON.stringify(body ?? []), { status: body ? 200 : 404 }));
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('geography lists', () => {
  it('keeps the five departments the company covers, in the spec order', async () => {
    const list = await loadDepartments();
    expect(list.map((d) => d.key)).toEqual(['75', '92', '93', '94', '91']);
    expect(departmentLabel(list[0]!)).toBe('(75) - Dép 75');
    expect(calls).toEqual(['/geo/regions/11/departements']);
  });

  it('offers the cached lists without network on a later visit', async () => {
    await loadDepartments();
    await loadCities(['94', '91']);
    online = false;
    expect((await loadDepartments()).map((d) => d.key)).toHaveLength(5);
    expect((await loadCities(['94', '91'])).map((c) => c.nom)).toEqual(['Massy', 'Vincennes']);
  });

  it('says why when there is neither network nor cache', async () => {
    online = false;
    await expect(loadDepartments()).rejects.toBeInstanceOf(GeographyUnavailableError);
    await expect(loadCities(['94'])).rejects.toThrow(/Vérifiez votre connexion/);
  });
});
