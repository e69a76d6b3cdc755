import type { Request } from 'express';
import { listExpressRoutes, type ExpressRoute } from '../openapi/route-listing';
import { preflightMethodOf } from './preflight';
import { routeOf } from './request-log';

interface Door {
  readonly method: string;
  readonly pattern: RegExp;
  readonly route: string;
}

/**
 * An Express path (`/elements/session/attempts/:attemptId/confirm`) as Express matches a request's
 * path against it: a parameter is one segment, letters in any case, a trailing slash allowed.
 */
function patternOf(route: string): RegExp {
  const source = route
    .replace(/\/+$/, '')
    .split(/:[A-Za-z0-9_$]+/)
    .map((literal) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${source}/?$`, 'i');
}

function doorsOf(routes: readonly ExpressRoute[]): Door[] {
  return routes.map(({ method, route }) => ({ method: method.toUpperCase(), pattern: patternOf(route), route }));
}

/**
 * The door a request was for, in the access line's form (`/elements/session/attempts`), when it was
 * refused before Express matched its route: an area that parses its body before its routes (the
 * elements doors) fails there on an aborted body (D109) or one it cannot read (malformed JSON, D118-f),
 * so the door is looked up in the app's routes, in the order Express tries them (`unmatched` when none
 * serves the path and method). A CORS preflight is looked up by the method it asks about (D123-d).
 * Only such requests ask: the routes are read at the first one (every router is mounted by then), and
 * nothing is added to the others.
 */
export function doorFinder(app: Parameters<typeof listExpressRoutes>[0]): (req: Request) => string {
  let doors: Door[] | undefined;
  return (req) => {
    const matched = routeOf(req);
    if (matched !== 'unmatched') return matched;
    doors ??= doorsOf(listExpressRoutes(app));
    const path = `${req.baseUrl}${req.path}`;
    const method = preflightMethodOf(req) ?? req.method;
    return doors.find((door) => (door.method === method || door.method === 'ALL') && door.pattern.test(path))?.route ?? 'unmatched';
  };
}
