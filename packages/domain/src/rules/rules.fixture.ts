import type { Attempt } from '../attempt/attempt.model';
import type { AttemptId } from '../ids/ids';
import type { MethodOffer } from '../method/method';
import { money, zero } from '../money/money';
import { tx as op, uuid } from '../refund/refund.fixture';
import { card, EUR, T0 } from '../session/session.fixture';

export { op };

/** An attempt value built directly, for the rules. */
export function anAttempt(status: Attempt['status'], granted: number, extra: Partial<Attempt> = {}, offer: MethodOffer = card): Attempt {
  const operation = offer.capabilities.operation;
  return {
    id: uuid() as AttemptId,
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
