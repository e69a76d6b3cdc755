import express, { Router } from 'express';
import type { AccessTokens, ReplayAnswer } from '@splitpay/application';
import { DomainError, type MerchantId, type SessionId } from '@splitpay/domain';
import { readPathId } from '../api/read-path-id';
import { principalOf, requirePrincipal } from '../auth/require-principal';
import { requireJsonBody } from '../refund/refund-request.read';

/** The replay use case the route calls (application ReplaySessionNotification). */
export interface NotificationReplayer {
  execute(input: { readonly merchantId: MerchantId; readonly sessionId: SessionId }): Promise<ReplayAnswer>;
}

export interface NotificationRouterDeps {
  readonly tokens: AccessTokens;
  readonly replay: NotificationReplayer;
}

/**
 * POST /api/sessions/{sessionId}/notification: re-arms the session-ended calendar (contact tokens
 * only; a machine token is Unauthorized). Answers 202 { url, failures, abandoned } as they stood.
 */
export function notificationRouter(deps: NotificationRouterDeps): Router {
  const router = Router();
  router.post(
    '/api/sessions/:sessionId/notification',
    requirePrincipal(deps.tokens, 'contact'),
    express.json({ limit: '1kb' }),
    async (req, res) => {
      const sessionId = readPathId<SessionId>(req, 'sessionId');
      requireJsonBody(req);
      const body: unknown = req.body;
      if (body !== undefined && body !== null && typeof body === 'object' && !Array.isArray(body)) {
        const [extra] = Object.keys(body);
        if (extra !== undefined) throw new DomainError('InvalidRequest', `Property ${JSON.stringify(extra).slice(0, 80)} is not declared by this door`);
      } else if (body !== undefined) {
        throw new DomainError('InvalidRequest', 'This door takes no body');
      }
      const answer = await deps.replay.execute({ merchantId: principalOf(res).merchantId, sessionId });
      res.setHeader('Cache-Control', 'no-store');
      res.status(202).json({ url: answer.url, failures: answer.failures, abandoned: answer.abandoned } satisfies ReplayAnswer);
    },
  );
  return router;
}
