import { Router } from 'express';
import type { SessionId } from '@splitpay/domain';
import { principalOf, requirePrincipal } from '../auth/require-principal';
import { readNoQuery } from '../schemas/query.read';
import { readPathId } from '../schemas/read-path-id';
import { presentDashboardChargeback } from './chargeback-delivery.presenter';
import type { MerchantApiDeps } from './merchant-api.deps';

/**
 * GET /api/dashboard/sessions/{sessionId}/chargebacks: the dashboard's own read of a session's
 * disputes, each with its message's delivery state (contact tokens only). The merchant API's
 * chargeback shape is the contract's and carries no delivery state (D148).
 */
export function dashboardReadsRouter(deps: MerchantApiDeps): Router {
  const router = Router();
  router.get('/api/dashboard/sessions/:sessionId/chargebacks', requirePrincipal(deps.tokens, 'contact'), async (req, res) => {
    const sessionId = readPathId<SessionId>(req, 'sessionId');
    readNoQuery(req);
    const chargebacks = await deps.reads.getSessionChargebacks(principalOf(res).merchantId, sessionId);
    res.json({ chargebacks: chargebacks.map(presentDashboardChargeback) });
  });
  return router;
}
