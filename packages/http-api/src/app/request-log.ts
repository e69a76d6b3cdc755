import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from '@splitpay/domain';

/** Runs work inside one request's scope (the logger stamps each line written there with its id). */
export interface RequestScopeRunner {
  run<T>(requestId: string, work: () => T): T;
}

/** Sees each answer, for the request duration histogram. */
export interface HttpRequestObserver {
  observeHttpRequest(observation: { readonly method: string; readonly route: string; readonly status: number; readonly seconds: number }): void;
}

/** A caller's id is kept when it is a plain token (a UUID, a trace id); anything else is replaced. */
const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Where `recordMatchedRoute` keeps the template of the route that matched, in `res.locals`. */
const MATCHED_ROUTE = 'matchedRoute';

/** The template of a route as it matches: its router's mount path (lower-cased, see routeOf) and its path. */
function templateOf(req: Request, route: unknown): string | undefined {
  const path = (route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? `${req.baseUrl.toLowerCase()}${path}` || '/' : undefined;
}

/**
 * Keeps, in `res.locals`, the template of each route as Express matches it. `req.baseUrl` names the
 * mount path only while the request is inside its router: once an error has left the router (to the
 * app's error handler), it is back to '' and `req.route` alone reads `/session/attempts` for the
 * door `/elements/session/attempts`. Express sets `req.route` on the match, so a setter sees both.
 */
export function recordMatchedRoute(req: Request, res: Response): void {
  let route: unknown = req.route;
  Object.defineProperty(req, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set: (value: unknown) => {
      route = value;
      res.locals[MATCHED_ROUTE] = templateOf(req, value);
    },
  });
}

/**
 * Names the door a request refused before its route matched was for (the error handler's doorOf), so
 * that its access line and metrics count it under that door and not among the unmatched paths.
 */
export function recordDoor(res: Response, route: string): void {
  res.locals[MATCHED_ROUTE] = route;
}

/**
 * The route template that answered (`/api/sessions/:sessionId`), or `unmatched`: never a raw path.
 * A router's mount path (`/elements`, the only one, literal and lower-case) matches in any case and
 * `baseUrl` keeps the caller's spelling, so it is lower-cased: one label per door in the metrics.
 * The template recorded when the route matched is preferred (recordMatchedRoute says why).
 */
export function routeOf(req: Request): string {
  const recorded: unknown = req.res?.locals[MATCHED_ROUTE];
  return typeof recorded === 'string' ? recorded : (templateOf(req, req.route) ?? 'unmatched');
}

function merchantOf(res: Response): string | undefined {
  const principal = res.locals.principal as { merchantId?: unknown } | undefined;
  return typeof principal?.merchantId === 'string' ? principal.merchantId : undefined;
}

/**
 * Gives every request an id (the caller's X-Request-Id when well-formed, else a new UUID), answers it
 * in X-Request-Id, runs the request in its scope, and writes one access line per request when the
 * answer is sent: method, route template, status, duration, merchant. Never the query, headers or
 * body (tokens and codes travel there).
 */
export function requestLog(deps: { readonly logger: Logger; readonly scope?: RequestScopeRunner; readonly observer?: HttpRequestObserver }): RequestHandler {
  return (req, res, next) => {
    const given = req.headers['x-request-id'];
    const requestId = typeof given === 'string' && WELL_FORMED_ID.test(given) ? given : randomUUID();
    const started = process.hrtime.bigint();
    res.setHeader('X-Request-Id', requestId);
    res.locals.requestId = requestId;
    recordMatchedRoute(req, res);
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeOf(req);
      deps.observer?.observeHttpRequest({ method: req.method, route, status: res.statusCode, seconds });
      const merchantId = merchantOf(res);
      // The id is given, not read from the scope: 'finish' may fire outside the request's scope.
      deps.logger.info('http.request', {
        requestId,
        method: req.method,
        route,
        status: res.statusCode,
        durationMs: Math.round(seconds * 1e4) / 10,
        ...(merchantId ? { merchantId } : {}),
      });
    });
    if (deps.scope) deps.scope.run(requestId, next);
    else next();
  };
}
