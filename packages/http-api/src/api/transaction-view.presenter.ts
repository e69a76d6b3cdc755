import type { Transaction, TransactionHit } from '@splitpay/domain';
import { servedAckMessage } from './served-ack-message';

/** Transaction as the contract shows it (the contract's "Transaction"); dispatch and idempotency keys stay inside. */
export interface TransactionJson {
  readonly transactionId: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly type: Transaction['type'];
  readonly amount: Transaction['amount'];
  readonly providerRef?: string;
  readonly status: Transaction['status'];
  readonly ackCode?: string;
  readonly ackMessage?: string;
  readonly ackHttpStatus?: number;
  readonly extraData?: string;
}

export interface TransactionViewJson {
  readonly sessionId: string;
  readonly merchantId: string;
  readonly orderId: string;
  readonly attemptId: string;
  readonly method: TransactionHit['method'];
  readonly provider: string;
  readonly cardScheme?: string;
  readonly transaction: TransactionJson;
}

export function presentTransaction(t: Transaction): TransactionJson {
  const { kind, statusCode, statusMessage, category } = t.status;
  const ackMessage = t.ack ? servedAckMessage(t.ack) : undefined;
  return {
    transactionId: t.id,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    type: t.type,
    amount: { amount: t.amount.amount, currency: t.amount.currency },
    ...(t.providerRef !== undefined ? { providerRef: t.providerRef } : {}),
    status: {
      kind,
      ...(statusCode !== undefined ? { statusCode } : {}),
      ...(statusMessage !== undefined ? { statusMessage } : {}),
      ...(category !== undefined ? { category } : {}),
    },
    ...(t.ack?.code !== undefined ? { ackCode: t.ack.code } : {}),
    ...(ackMessage !== undefined ? { ackMessage } : {}),
    ...(t.ack?.httpStatus !== undefined ? { ackHttpStatus: t.ack.httpStatus } : {}),
    ...(t.extraData !== undefined ? { extraData: t.extraData } : {}),
  };
}

/** TransactionView: GET one transaction, items of the transaction search and of refund answers. */
export function presentTransactionView(hit: TransactionHit): TransactionViewJson {
  return {
    sessionId: hit.sessionId,
    merchantId: hit.merchantId,
    orderId: hit.orderId,
    attemptId: hit.attemptId,
    method: hit.method,
    provider: hit.provider,
    ...(hit.cardScheme !== undefined ? { cardScheme: hit.cardScheme } : {}),
    transaction: presentTransaction(hit.transaction),
  };
}
