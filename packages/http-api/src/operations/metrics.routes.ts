import { createHash, timingSafeEqual } from 'node:crypto';
import { Router } from 'express';
import { DomainError } from '@splitpay/domain';

/** The metrics in the Prometheus text format. */
export interface MetricsExposition {
  render(): Promise<string>;
  readonly contentType: string;
}

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/**
 * GET /metrics. With a token (METRICS_TOKEN), only `Authorization: Bearer <token>` reads it (the
 * scraper's bearer credential); any other request is the contract's Unauthorized.
 */
export function metricsRouter(deps: { readonly exposition: MetricsExposition; readonly token?: string }): Router {
  const router = Router();
  const expected = deps.token === undefined ? undefined : digest(`Bearer ${deps.token}`);
  router.get('/metrics', async (req, res) => {
    // Digests compared, so that neither the length nor the content leaks through timing.
    if (expected && !timingSafeEqual(digest(req.headers.authorization ?? ''), expected)) {
      throw new DomainError('Unauthorized', 'A valid metrics token is required');
    }
    res.setHeader('Cache-Control', 'no-store');
    res.type(deps.exposition.contentType).send(await deps.exposition.render());
  });
  return router;
}
