import { Hono, type Context } from 'hono';
import {
  COMMUNE_TYPES,
  communesJsonKey,
  type CommuneType,
  type GeoIndex,
} from '../../geo/geo-data';
import { apiError } from '../../http/errors';

const CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

/** Mirror of geo.api.gouv.fr's calls the app makes (DESIGN.md, "What runs"). */
export function geoRoutes(geo: GeoIndex): Hono {
  const app = new Hono();

  app.get('/regions/:code/departements', (c) => {
    const list = geo.departementsOfRegion(c.req.param('code'));
    if (!list) return apiError(c, 404, 'Région inconnue.', undefined, { code: 404 });
    c.header('Cache-Control', CACHE);
    return c.json(list);
  });

  const communesAnswer = (c: Context, code: string, types: readonly CommuneType[]) => {
    c.header('Cache-Control', CACHE);
    const cached = geo.json.get(communesJsonKey(code, types));
    if (cached) {
      c.header('Content-Type', 'application/json; charset=UTF-8');
      return c.body(cached);
    }
    const list = geo.communesOfDepartementByType(code, types);
    if (!list) {
      c.header('Cache-Control', 'no-store');
      return apiError(c, 404, 'Département inconnu.', undefined, { code: 404 });
    }
    return c.json(list);
  };

  app.get('/departements/:code/communes', (c) =>
    communesAnswer(c, c.req.param('code'), ['commune-actuelle']),
  );

  // The same service's commune search, for one department: `type` (a comma list, current
  // communes when absent) adds Paris' arrondissements: ?codeDepartement=75&type=commune-actuelle,
  // arrondissement-municipal. Without a department it would be all of France: not mirrored.
  app.get('/communes', (c) => {
    const code = c.req.query('codeDepartement');
    const asked = (c.req.query('type') ?? 'commune-actuelle').split(',');
    const types = COMMUNE_TYPES.filter((t) => asked.includes(t));
    if (!code || types.length !== new Set(asked).size) {
      return apiError(
        c,
        400,
        'Précisez le département (codeDepartement) et des types de commune connus.',
        undefined,
        { code: 400 },
      );
    }
    return communesAnswer(c, code, types);
  });

  // A sub-app's notFound is not used once mounted: a catch-all keeps the geo error shape.
  app.all('*', (c) =>
    apiError(c, 404, 'Ressource géographique introuvable.', undefined, { code: 404 }),
  );
  return app;
}
