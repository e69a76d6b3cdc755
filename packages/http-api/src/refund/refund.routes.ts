import { Router, type Response } from 'express';
import { jsonBody } from '../app/body-parsers';
import type { AccessTokens, RefundAnswer, RefundInput } from '@splitpay/application';
import type { MerchantId } from '@splitpay/domain';
import { principalOf, requirePrincipal } from '../auth/require-principal';
import { presentTransactionView } from '../api/transaction-view.presenter';
import { readPathId } from '../schemas/read-path-id';
import { requireJsonBody } from '../schemas/request-body.read';
import { readRefundBody, readSessionRefundBody } from './refund-request.read';
import { readIdempotencyKey } from '../schemas/idempotency-key.read';

/** The refund use cases the routes call (application RefundSession, RefundAttempt, RefundTransaction). */
export interface RefundUseCases {
  readonly session: { execute(input: { readonly merchantId: MerchantId; readonly sessionId: string; readonly amount?: number }): Promise<RefundAnswer> };
  readonly attempt: { execute(input: RefundInput & { readonly attemptId: string }): Promise<RefundAnswer> };
  readonly transaction: { execute(input: RefundInput & { readonly transactionId: string }): Promise<RefundAnswer> };
}

export interface RefundRouterDeps {
  readonly tokens: AccessTokens;
  readonly refunds: RefundUseCases;
}

function answer(res: Response, result: RefundAnswer): void {
  res.setHeader('Cache-Control', 'no-store');
  res.status(202).json({ refunds: result.refunds.map(presentTransactionView) });
}

/**
 * The three refund doors: POST /api/sessions/{sessionId}/refund (no body, or { amount }: the whole
 * confirmed, D121-b), POST
 * /api/attempts/{attemptId}/refund and POST /api/transactions/{transactionId}/refund (body
 * { amount?, extraData? }, header idempotency-key). Client and contact tokens may both refund.
 * Every door answers 202 { refunds: TransactionView[] }, a replayed idempotent refund included.
 */
export function refundRouter(deps: RefundRouterDeps): Router {
  const router = Router();
  const access = requirePrincipal(deps.tokens, 'any');
  const json = jsonBody('4kb');

  router.post('/api/sessions/:sessionId/refund', access, json, async (req, res) => {
    const sessionId = readPathId(req, 'sessionId');
    requireJsonBody(req);
    const { amount } = readSessionRefundBody(req.body);
    answer(res, await deps.refunds.session.execute({ merchantId: principalOf(res).merchantId, sessionId, ...(amount === undefined ? {} : { amount }) }));
  });

  router.post('/api/attempts/:attemptId/refund', access, json, async (req, res) => {
    const attemptId = readPathId(req, 'attemptId');
    requireJsonBody(req);
    const body = readRefundBody(req.body);
    const idempotencyKey = readIdempotencyKey(req);
    answer(res, await deps.refunds.attempt.execute({ merchantId: principalOf(res).merchantId, attemptId, ...body, ...(idempotencyKey !== undefined ? { idempotencyKey } : {}) }));
  });

  router.post('/api/transactions/:transactionId/refund', access, json, async (req, res) => {
    const transactionId = readPathId(req, 'transactionId');
    requireJsonBody(req);
    const body = readRefundBody(req.body);
    const idempotencyKey = readIdempotencyKey(req);
    answer(
      res,
      await deps.refunds.transaction.execute({ merchantId: principalOf(res).merchantId, transactionId, ...body, ...(idempotencyKey !== undefined ? { idempotencyKey } : {}) }),
    );
  });

  return router;
}
