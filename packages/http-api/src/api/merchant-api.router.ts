import { Router } from 'express';
import { attemptsRouter } from './attempts.routes';
import { dashboardReadsRouter } from './dashboard-reads.routes';
import type { MerchantApiDeps } from './merchant-api.deps';
import { sessionsRouter } from './sessions.routes';
import { transactionsRouter } from './transactions.routes';

/** The merchant API's own doors under /api: session creation, reads and searches; and the dashboard's own read (D148). */
export function merchantApiRouter(deps: MerchantApiDeps): Router {
  const router = Router();
  router.use(sessionsRouter(deps), attemptsRouter(deps), transactionsRouter(deps), dashboardReadsRouter(deps));
  return router;
}
