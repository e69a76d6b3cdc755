import { Router } from 'express';
import { jsonBody } from '../app/body-parsers';
import type { SessionId, SessionSearch } from '@splitpay/domain';
import { principalOf, requirePrincipal } from '../auth/require-principal';
import { sessionSearchSchema } from '../schemas/search-query.schema';
import { readSessionRequest } from '../schemas/session-request.read';
import { readIdempotencyKey } from '../schemas/idempotency-key.read';
import type { MerchantApiDeps } from './merchant-api.deps';
import { readPathId } from '../schemas/read-path-id';
import { readNoQuery } from '../schemas/query.read';
import { searchHandler } from './search.handler';
import { presentSession } from './session.presenter';
import { presentChargeback } from './chargeback.presenter';

/** Largest creation body accepted: a basket of a few hundred itemized lines. */
export const SESSION_BODY_LIMIT = '256kb';

/**
 * POST /api/sessions (machine tokens only: a contact token, even an admin's, is Unauthorized; an
 * optional idempotency-key makes a retry answer the first creation, docs/decisions.md D63),
 * GET /api/sessions/{sessionId}, its chargebacks and GET /api/sessions (client and contact tokens).
 */
export function sessionsRouter(deps: MerchantApiDeps): Router {
  const router = Router();
  const anyToken = requirePrincipal(deps.tokens, 'any');

  router.post('/api/sessions', requirePrincipal(deps.tokens, 'client'), jsonBody(SESSION_BODY_LIMIT), async (req, res) => {
    const request = readSessionRequest(req.body);
    const created = await deps.createSession.execute(principalOf(res).merchantId, request, readIdempotencyKey(req));
    res.setHeader('Cache-Control', 'no-store');
    res.location(`${deps.basePath}/api/sessions/${created.sessionId}`).status(201).json(created);
  });

  router.get(
    '/api/sessions',
    anyToken,
    searchHandler({
      kind: 'sessions',
      schema: sessionSearchSchema,
      cursors: deps.cursors,
      search: (scope, query) => deps.searches.searchSessions(scope, query as unknown as Omit<SessionSearch, 'merchantId'>),
      present: presentSession,
    }),
  );

  router.get('/api/sessions/:sessionId', anyToken, async (req, res) => {
    const sessionId = readPathId<SessionId>(req, 'sessionId');
    readNoQuery(req);
    res.json(presentSession(await deps.reads.getSession(principalOf(res).merchantId, sessionId)));
  });

  router.get('/api/sessions/:sessionId/chargebacks', anyToken, async (req, res) => {
    const sessionId = readPathId<SessionId>(req, 'sessionId');
    readNoQuery(req);
    const chargebacks = await deps.reads.getSessionChargebacks(principalOf(res).merchantId, sessionId);
    res.json({ chargebacks: chargebacks.map(presentChargeback) });
  });

  return router;
}
