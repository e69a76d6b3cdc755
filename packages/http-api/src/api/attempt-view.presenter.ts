import { refundable, type Attempt, type AttemptHit, type Money } from '@splitpay/domain';
import { presentTransaction, type TransactionJson } from './transaction-view.presenter';

/** Attempt as the contract shows it (the contract's "Attempt"); redirects, verdict schedules and lender flags stay inside. */
export interface AttemptJson {
  readonly attemptId: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly method: Attempt['method'];
  readonly methodId: string;
  readonly provider: string;
  readonly status: Attempt['status'];
  readonly partialAuth?: Attempt['partialAuth'];
  readonly plan?: { readonly installments: number; readonly withFees: boolean };
  readonly requested: Money;
  readonly granted: Money;
  readonly refunded: Money;
  readonly refundable: Money;
  readonly cardAlias?: string;
  readonly cardScheme?: string;
  readonly declineCategory?: Attempt['declineCategory'];
  readonly owedToPayer?: string;
  readonly transactions: readonly TransactionJson[];
}

export interface AttemptViewJson {
  readonly sessionId: string;
  readonly merchantId: string;
  readonly orderId: string;
  readonly attempt: AttemptJson;
}

const plain = (m: Money): Money => ({ amount: m.amount, currency: m.currency });

export function presentAttempt(a: Attempt): AttemptJson {
  return {
    attemptId: a.id,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
    method: a.method,
    methodId: a.methodId,
    provider: a.provider,
    status: a.status,
    ...(a.partialAuth !== undefined ? { partialAuth: a.partialAuth } : {}),
    ...(a.plan ? { plan: { installments: a.plan.installments, withFees: a.plan.withFees } } : {}),
    requested: plain(a.requested),
    granted: plain(a.granted),
    refunded: plain(a.refunded),
    refundable: plain(refundable(a)),
    ...(a.cardAlias !== undefined ? { cardAlias: a.cardAlias } : {}),
    ...(a.cardScheme !== undefined ? { cardScheme: a.cardScheme } : {}),
    ...(a.declineCategory !== undefined ? { declineCategory: a.declineCategory } : {}),
    ...(a.owedToPayer !== undefined ? { owedToPayer: a.owedToPayer } : {}),
    transactions: a.transactions.map(presentTransaction),
  };
}

/** AttemptView: GET one attempt, items of the attempt search. */
export function presentAttemptView(hit: AttemptHit): AttemptViewJson {
  return { sessionId: hit.sessionId, merchantId: hit.merchantId, orderId: hit.orderId, attempt: presentAttempt(hit.attempt) };
}
