import { Router } from 'express';
import { attemptsRouter } from './attempts.routes';
import type { MerchantApiDeps } from './merchant-api.deps';
import { sessionsRouter } from './sessions.routes';
import { transactionsRouter } from './transactions.routes';

/** The merchant API's own doors under /api: session creation, reads and searches. */
export function merchantApiRouter(deps: MerchantApiDeps): Router {
  const router = Router();
  router.use(sessionsRouter(deps), attemptsRouter(deps), transactionsRouter(deps));
  return router;
}
