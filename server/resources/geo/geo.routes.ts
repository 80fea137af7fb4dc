import { Hono } from 'hono';
import type { GeoIndex } from '../../geo/geo-data';
import { apiError } from '../../http/errors';

const CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

/** Mirror of geo.api.gouv.fr's two calls the app makes (DESIGN.md, "What runs"). */
export function geoRoutes(geo: GeoIndex): Hono {
  const app = new Hono();

  app.get('/regions/:code/departements', (c) => {
    const list = geo.departementsOfRegion(c.req.param('code'));
    if (!list) return apiError(c, 404, 'Région inconnue.', undefined, { code: 404 });
    c.header('Cache-Control', CACHE);
    return c.json(list);
  });

  app.get('/departements/:code/communes', (c) => {
    const code = c.req.param('code');
    c.header('Cache-Control', CACHE);
    const cached = geo.json.get(`communes:${code}`);
    if (cached) {
      c.header('Content-Type', 'application/json; charset=UTF-8');
      return c.body(cached);
    }
    const list = geo.communesOfDepartement(code);
    if (!list) {
      c.header('Cache-Control', 'no-store');
      return apiError(c, 404, 'Département inconnu.', undefined, { code: 404 });
    }
    return c.json(list);
  });

  // A sub-app's notFound is not used once mounted: a catch-all keeps the geo error shape.
  app.all('*', (c) =>
    apiError(c, 404, 'Ressource géographique introuvable.', undefined, { code: 404 }),
  );
  return app;
}
