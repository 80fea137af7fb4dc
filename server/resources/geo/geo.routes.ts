import { Hono } from 'hono';
import type { GeoIndex } from '../../geo/geo-data';

const CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

/** Mirror of geo.api.gouv.fr's two calls the app makes (DESIGN.md, "What runs"). */
export function geoRoutes(geo: GeoIndex): Hono {
  const app = new Hono();

  app.get('/regions/:code/departements', (c) => {
    const list = geo.departementsOfRegion(c.req.param('code'));
    if (!list) return c.json({ code: 404, message: 'Région inconnue.' }, 404);
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
      return c.json({ code: 404, message: 'Département inconnu.' }, 404);
    }
    return c.json(list);
  });

  // A sub-app's notFound is not used once mounted: a catch-all keeps the geo error shape.
  app.all('*', (c) => c.json({ code: 404, message: 'Ressource géographique introuvable.' }, 404));
  return app;
}
