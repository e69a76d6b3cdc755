import type { Attempt } from '../attempt/attempt.model';
import type { AttemptId, TransactionId } from '../ids/ids';
import type { MethodOffer } from '../method/method';
import { money, zero } from '../money/money';
import { card, EUR, T0 } from '../session/session.fixture';
import type { Transaction } from '../transaction/transaction.model';

let n = 0;
const id = () => `0190a000-0000-7000-8000-${(++n).toString(16).padStart(12, '0')}`;

export function op(type: Transaction['type'], amount: number, kind: Transaction['status']['kind'] = 'succeeded'): Transaction {
  return { id: id() as TransactionId, createdAt: T0, updatedAt: T0, type, amount: money(amount, EUR), status: { kind } };
}

/** An attempt value built directly, for the rules. */
export function anAttempt(status: Attempt['status'], granted: number, extra: Partial<Attempt> = {}, offer: MethodOffer = card): Attempt {
  const operation = offer.capabilities.operation;
  return {
    id: id() as AttemptId,
    createdAt: T0,
    updatedAt: T0,
    method: offer.method,
    methodId: offer.id,
    provider: offer.provider,
    operation,
    status,
    requested: money(granted, EUR),
    granted: money(status === 'AUTHORIZING' ? 0 : granted, EUR),
    refunded: zero(EUR),
    transactions: [op(operation, granted, status === 'AUTHORIZING' ? 'pending' : status === 'DECLINED' ? 'failed' : 'succeeded')],
    ...extra,
  };
}
