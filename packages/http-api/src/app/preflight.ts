import type { Request, RequestHandler } from 'express';
import { recordDoor } from './request-log';

/**
 * The method a CORS preflight asks about (`Access-Control-Request-Method`, upper-cased), or undefined
 * when the request is no preflight: an OPTIONS without that header asks about no door.
 */
export function preflightMethodOf(req: Request): string | undefined {
  if (req.method !== 'OPTIONS') return undefined;
  const requested = req.headers['access-control-request-method'];
  return typeof requested === 'string' && requested.length > 0 ? requested.toUpperCase() : undefined;
}

/**
 * Names a CORS preflight's door before any area sees it: the elements area's CORS middleware answers
 * it ahead of every route, so no route matches and it was counted and logged as `unmatched`. The door
 * is the one its path serves for the method it asks about (`doorOf`), `unmatched` when none (D123-d).
 */
export function preflightDoor(doorOf: (req: Request) => string): RequestHandler {
  return (req, res, next) => {
    if (preflightMethodOf(req) !== undefined) recordDoor(res, doorOf(req));
    next();
  };
}
