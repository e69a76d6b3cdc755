/** One route an Express app serves: method and path template in OpenAPI form (`/api/sessions/{sessionId}`). */
export interface ServedRoute {
  readonly method: string;
  readonly path: string;
}

/** One route in Express's own form (`/api/sessions/:sessionId`), as the access line and the metrics name it. */
export interface ExpressRoute {
  readonly method: string;
  readonly route: string;
}

interface LayerLike {
  readonly rawPath?: unknown;
  readonly route?: { readonly path: unknown; readonly methods: Record<string, boolean> };
  readonly handle?: { readonly stack?: readonly LayerLike[] };
}

/** Express path syntax (`:id`, `*rest`) to an OpenAPI template (`{id}`). */
export function toTemplate(path: string): string {
  return path.replace(/[:*]([A-Za-z0-9_]+)/g, '{$1}').replace(/\/+$/, '') || '/';
}

function join(prefix: string, path: string): string {
  return `${prefix.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function walk(stack: readonly LayerLike[], prefix: string, out: ExpressRoute[]): void {
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const path of paths) {
        if (typeof path !== 'string') continue;
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on) out.push({ method: method === '_all' ? 'all' : method, route: join(prefix, path) });
        }
      }
    } else if (layer.handle?.stack) {
      const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      walk(layer.handle.stack, join(prefix, mount), out);
    }
  }
}

type AppLike = { readonly router?: { readonly stack?: readonly LayerLike[] }; readonly stack?: readonly LayerLike[] };

/** Every route an Express 5 app (or router) serves, in the order Express tries them, nested routers and mount paths included. */
export function listExpressRoutes(app: AppLike): ExpressRoute[] {
  const out: ExpressRoute[] = [];
  walk(app.router?.stack ?? app.stack ?? [], '', out);
  return out;
}

/** Every route an Express 5 app (or router) serves, in OpenAPI form. */
export function listRoutes(app: AppLike): ServedRoute[] {
  return listExpressRoutes(app).map(({ method, route }) => ({ method, path: toTemplate(route) }));
}

const normalize = (template: string): string => template.replace(/\{[^}]+\}/g, '{}');

/** Routes an app serves that a document does not describe (parameter names may differ). */
export function undocumentedRoutes(doc: { readonly paths: Record<string, Record<string, unknown>> }, routes: readonly ServedRoute[]): ServedRoute[] {
  const documented = new Set(Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${normalize(path)}`)));
  return routes.filter((r) => !documented.has(`${r.method} ${normalize(r.path)}`));
}
