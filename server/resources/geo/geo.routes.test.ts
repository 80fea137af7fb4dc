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

  it('lists Paris then its twenty arrondissements when asked by type, as geo.api.gouv.fr', async () => {
    const list = await listOf<GeoCommune>(
      '/geo/communes?codeDepartement=75&type=commune-actuelle,arrondissement-municipal',
    );
    expect(list).toHaveLength(21);
    expect(list[0]).toMatchObject({ nom: 'Paris', code: '75056' });
    expect(list.find((c) => c.code === '75111')).toEqual({
      nom: 'Paris 11e Arrondissement',
      code: '75111',
      codeDepartement: '75',
      codesPostaux: ['75011'],
      population: expect.any(Number) as number,
    });
    expect(list.slice(1).map((c) => c.code)).toEqual(
      Array.from({ length: 20 }, (_, i) => String(75101 + i)),
    );
    // The arrondissements alone, and the default type: current communes only.
    const arrondissements = await listOf<GeoCommune>(
      '/geo/communes?codeDepartement=75&type=arrondissement-municipal',
    );
    expect(arrondissements).toHaveLength(20);
    expect(
      (await listOf<GeoCommune>('/geo/communes?codeDepartement=75')).map((c) => c.nom),
    ).toEqual(['Paris']);
    // Other departments have none: the same 194 communes for Essonne, also outside the kept five.
    expect(
      await listOf<GeoCommune>(
        '/geo/communes?codeDepartement=91&type=commune-actuelle,arrondissement-municipal',
      ),
    ).toHaveLength(194);
    expect(
      (await listOf<GeoCommune>('/geo/communes?codeDepartement=77&type=arrondissement-municipal'))
        .length,
    ).toBe(0);
  });

  it.each([
    '/geo/communes',
    '/geo/communes?codeDepartement=75&type=commune-deleguee',
    '/geo/communes?codeDepartement=75&type=commune-actuelle,nimporte',
  ])('answers 400 JSON to %s (the mirror serves one department, known types)', async (url) => {
    const res = await made.app.request(url);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/codeDepartement/);
  });

  it('answers departments outside the kept five too', async () => {
    const list = await listOf<GeoCommune>('/geo/departements/77/communes');
    expect(list.length).toBeGreaterThan(400);
  });

  it.each([
    '/geo/departements/999/communes',
    '/geo/communes?codeDepartement=999&type=arrondissement-municipal',
    '/geo/regions/99/departements',
    '/geo/nimporte',
  ])('answers 404 JSON to %s', async (url) => {
    const res = await made.app.request(url);
    expect(res.status).toBe(404);
    const body = (await res.json()) as { code: number; message: string };
    expect(body.code).toBe(404);
    expect(body.message).toMatch(/inconnu|introuvable/);
  });
});
