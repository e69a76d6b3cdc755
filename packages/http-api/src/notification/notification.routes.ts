import { Router } from 'express';
import { jsonBody } from '../app/body-parsers';
import type { AccessTokens, ReplayAnswer } from '@splitpay/application';
import type { MerchantId, SessionId } from '@splitpay/domain';
import { readPathId } from '../schemas/read-path-id';
import { principalOf, requirePrincipal } from '../auth/require-principal';
import { readNoBody } from '../schemas/request-body.read';

/** The replay use case the route calls (application ReplaySessionNotification). */
export interface NotificationReplayer {
  execute(input: { readonly merchantId: MerchantId; readonly sessionId: SessionId }): Promise<ReplayAnswer>;
}

export interface NotificationRouterDeps {
  readonly tokens: AccessTokens;
  readonly replay: NotificationReplayer;
}

/**
 * POST /api/sessions/{sessionId}/notification: re-arms the session-ended calendar, and the session's
 * abandoned chargeback messages (contact tokens only; a machine token is Unauthorized). Answers 202
 * { url, failures, abandoned } of the session-ended message as they stood.
 */
export function notificationRouter(deps: NotificationRouterDeps): Router {
  const router = Router();
  router.post(
    '/api/sessions/:sessionId/notification',
    requirePrincipal(deps.tokens, 'contact'),
    jsonBody('1kb'),
    async (req, res) => {
      const sessionId = readPathId<SessionId>(req, 'sessionId');
      readNoBody(req);
      const answer = await deps.replay.execute({ merchantId: principalOf(res).merchantId, sessionId });
      res.setHeader('Cache-Control', 'no-store');
      res.status(202).json({ url: answer.url, failures: answer.failures, abandoned: answer.abandoned } satisfies ReplayAnswer);
    },
  );
  return router;
}
