import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeoCommune, GeoDepartement } from '../../../src/domain/geography';
import { makeTestApp } from '../../test-app';

let made: Awaited<ReturnType<typeof makeTestApp>>;
beforeAll(async () => {
  made = await makeTestApp();
});
afterAll(() => made.db.destroy());

/** A list the mirror answers 200 to. */
async function listOf<T>(url: string): Promise<T[]> {
  const res = await made.app.request(url);
  expect(res.status).toBe(200);
  return (await res.json()) as T[];
}

describe('/geo mirror', () => {
  it('lists the departments of Île-de-France, the five kept ones among them', async () => {
    const list = await listOf<GeoDepartement>('/geo/regions/11/departements');
    expect(list).toHaveLength(8);
    expect(list.map((d) => d.code)).toEqual(expect.arrayContaining(['75', '91', '92', '93', '94']));
    expect(list[0]).toEqual({ nom: 'Paris', code: '75', codeRegion: '11' });
  });

  it('lists the 194 current communes of Essonne with their fields', async () => {
    const list = await listOf<GeoCommune>('/geo/departements/91/communes');
    expect(list).toHaveLength(194);
    expect(new Set(list.map((c) => c.code)).size).toBe(194);
    const evry = list.find((c) => c.nom === 'Évry-Courcouronnes');
    expect(evry).toMatchObject({
      code: '91228',
      codeDepartement: '91',
      codesPostaux: ['91000', '91080'],
    });
    expect(Object.keys(evry ?? {}).sort()).toEqual([
      'code',
      'codeDepartement',
      'codesPostaux',
      'nom',
      'population',
    ]);
  });

  it('gives Paris as one commune, without its arrondissements', async () => {
    const list = await listOf<GeoCommune>('/geo/departements/75/communes');
    expect(list.map((c) => c.nom)).toEqual(['Paris']);
  });

  it('answers departments outside the kept five too', async () => {
    const list = await listOf<GeoCommune>('/geo/departements/77/communes');
    expect(list.length).toBeGreaterThan(400);
  });

  it.each(['/geo/departements/999/communes', '/geo/regions/99/departements', '/geo/nimporte'])(
    'answers 404 JSON to %s',
    async (url) => {
      const res = await made.app.request(url);
      expect(res.status).toBe(404);
      const body = (await res.json()) as { code: number; message: string };
      expect(body.code).toBe(404);
      expect(body.message).toMatch(/inconnu|introuvable/);
    },
  );
});
