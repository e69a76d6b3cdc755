import { Router } from 'express';

/**
 * `Cache-Control: no-store` on every answer under /api, refusals included: each is bound to a token
 * and the reads carry payers' emails, phones and addresses, which no browser or proxy may keep.
 * Mounted before the /api areas' routers (merchant API, refunds, notifications), so none can miss it.
 */
export function apiNoStoreRouter(): Router {
  return Router().use('/api', (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
}
