import { DomainError } from '../errors/domain-error';
import type { SessionRequest } from './session-request.model';

/**
 * InvalidRequest for what a schema cannot say: a range whose min exceeds its max, a cart line in
 * another currency than the session's (one currency per session).
 */
export function checkRequestConsistency(request: SessionRequest): void {
  request.methods.forEach((entry, index) => {
    if (entry.range && entry.range.min > entry.range.max) {
      throw new DomainError('InvalidRequest', `methods[${index}].range.min must not exceed methods[${index}].range.max`);
    }
  });
  request.cartItems?.forEach((item, index) => {
    if (item.amount.currency !== request.currency) {
      throw new DomainError('InvalidRequest', `cartItems[${index}].amount.currency must be the session currency ${request.currency}`);
    }
  });
}
