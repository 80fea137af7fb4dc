import { Suspense } from 'react';
import { Redirect, Route, Router, Switch, useLocation } from 'wouter';
import { CookieBanner } from '../features/consent';
import { ClientHosts } from './client-hosts';
import { Island, IslandCollectorContext, type IslandCollector } from '../lib/island';
import { brandFor, themeOf } from '../domain/brand';
import { Guard } from './guard';
import { useDocumentMeta } from './use-document-meta';
import { Footer } from './layout/footer';
import { Header } from './layout/header';
import { ScrollManager } from './layout/scroll-manager';
import { RouteErrorBoundary } from './route-error-boundary';
import { NOT_FOUND_PATH, routes } from './routes';

function PageLoading() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center" role="status">
      <span className="loading loading-dots loading-lg text-primary" />
      <span className="sr-only">Chargement de la page…</span>
    </div>
  );
}

function Shell() {
  const [location] = useLocation();
  useDocumentMeta();
  const brand = brandFor(location);
  return (
    <div
      data-theme={themeOf[brand]}
      className="flex min-h-dvh flex-col bg-base-100 text-base-content"
    >
      {/* First in the page, so the keyboard meets the cookie choice first (CNIL). It shows at the
          bottom of the window, drawn last and sticky: the end of the page stays above it. */}
      <Island name="cookie-banner" of={CookieBanner} />
      <ScrollManager />
      <Island name="header" of={Header} />
      <main id="contenu" tabIndex={-1} className="flex-1 outline-none">
        <RouteErrorBoundary resetKey={location}>
          <Suspense fallback={<PageLoading />}>
            <div key={location} className="animate-page">
              <Switch>
                {routes.map(({ path, component: Page, roles }) => (
                  <Route key={path} path={path}>
                    {roles ? (
                      <Guard roles={roles}>
                        <Page />
                      </Guard>
                    ) : (
                      <Page />
                    )}
                  </Route>
                ))}
                <Route>
                  <Redirect to={NOT_FOUND_PATH} replace />
                </Route>
              </Switch>
            </div>
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
      <ClientHosts />
    </div>
  );
}

/**
 * The whole app; `ssrPath` renders one address at build time (prerendering), where `islands`
 * gathers the page's islands (../lib/island.tsx) to render each on its own.
 */
export function App({ ssrPath, islands }: { ssrPath?: string; islands?: IslandCollector }) {
  return (
    <IslandCollectorContext value={islands ?? null}>
      <Router ssrPath={ssrPath}>
        <Shell />
      </Router>
    </IslandCollectorContext>
  );
}
