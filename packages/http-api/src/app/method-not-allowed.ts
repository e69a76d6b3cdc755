import type { RequestHandler } from 'express';
import type { ErrorEnvelope } from '../errors/error-envelope';
import { HttpError } from '../errors/http-error';
import { listRoutes, type ServedRoute } from '../openapi/route-listing';

interface PathMethods {
  readonly pattern: RegExp;
  readonly methods: Set<string>;
}

function patternOf(template: string): RegExp {
  const parts = template.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[^/]+')}/?$`);
}

function byPath(routes: readonly ServedRoute[]): PathMethods[] {
  const paths = new Map<string, Set<string>>();
  for (const route of routes) {
    const methods = paths.get(route.path) ?? new Set<string>();
    methods.add(route.method.toUpperCase());
    if (route.method === 'get') methods.add('HEAD');
    paths.set(route.path, methods);
  }
  return [...paths.entries()].map(([path, methods]) => ({ pattern: patternOf(path), methods }));
}

/**
 * The last handler of the app: a path the service serves under other methods is 405 with `Allow`
 * (RFC 9110 section 15.5.6); any other is the contract's NotFound. The routes are read from the app
 * once, at the first miss (every router is mounted by then).
 */
export function unmatchedRequestHandler(app: Parameters<typeof listRoutes>[0]): RequestHandler {
  let paths: PathMethods[] | undefined;
  return (req, res, next) => {
    paths ??= byPath(listRoutes(app));
    const allowed = new Set<string>();
    for (const path of paths) if (path.pattern.test(req.path)) for (const method of path.methods) allowed.add(method);
    if (allowed.size > 0 && !allowed.has('ALL') && !allowed.has(req.method)) {
      const allow = [...allowed].sort().join(', ');
      next(new HttpError('MethodNotAllowed', `${req.method} is not allowed here; allowed: ${allow}`, { Allow: allow }));
      return;
    }
    res.status(404).json({ code: 'NotFound', message: 'Not found' } satisfies ErrorEnvelope);
  };
}
