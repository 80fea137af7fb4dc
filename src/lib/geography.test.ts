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
  // As the service answers: Paris, then its arrondissements in code order.
  '75': [
    { nom: 'Paris', code: '75056', codeDepartement: '75', codesPostaux: ['75001', '75002'] },
    ...[1, 2, 10, 11].map((n) => ({
      nom: `Paris ${n}${n === 1 ? 'er' : 'e'} Arrondissement`,
      code: String(75100 + n),
      codeDepartement: '75',
      codesPostaux: [String(75000 + n)],
    })),
  ],
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
      : communes[
          /codeDepartement=(\d+)&type=commune-actuelle,arrondissement-municipal$/.exec(url)?.[1] ??
            ''
        ];
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

  it('asks for the communes and Paris’ arrondissements, sorted with their numbers in order', async () => {
    const list = await loadCities(['75']);
    expect(calls).toEqual([
      '/geo/communes?codeDepartement=75&type=commune-actuelle,arrondissement-municipal',
    ]);
    expect(list.map((c) => c.code)).toEqual(['75056', '75101', '75102', '75110', '75111']);
  });

  it('replaces a list cached before arrondissements, and falls back on it offline', async () => {
    const paris = communes['75']!.slice(0, 1);
    await appDb.geoCommunes.put({ departement: '75', list: paris, fetchedAt: Date.now() });
    online = false;
    expect((await loadCities(['75'])).map((c) => c.nom)).toEqual(['Paris']);
    online = true;
    expect(await loadCities(['75'])).toHaveLength(5);
    expect((await appDb.geoCommunes.get('75'))?.list).toHaveLength(5);
    // The new copy is current: no more calls.
    calls.length = 0;
    expect(await loadCities(['75'])).toHaveLength(5);
    expect(calls).toEqual([]);
  });
});
