import type { Attempt } from '../attempt/attempt.model';
import type { MethodOffer } from '../method/method';
import { money } from '../money/money';
import { capturedCard, tx as op } from '../refund/refund.fixture';
import { card, EUR } from '../session/session.fixture';

export { op };

/** An attempt value built directly, for the rules: `offer`'s attempt with `status` and one opening operation. */
export function anAttempt(status: Attempt['status'], granted: number, extra: Partial<Attempt> = {}, offer: MethodOffer = card): Attempt {
  const operation = offer.capabilities.operation;
  const kind = status === 'AUTHORIZING' ? 'pending' : status === 'DECLINED' ? 'failed' : 'succeeded';
  return {
    ...capturedCard(granted, offer),
    operation,
    status,
    granted: money(status === 'AUTHORIZING' ? 0 : granted, EUR),
    transactions: [op(operation, granted, kind)],
    ...extra,
  };
}
