import type { ApiResult, RefundAnswer } from '../api/api-types';
import { NETWORK_ERROR, UNEXPECTED_ERROR, type RefundRequest, type RefundTarget } from '../api/dashboard-api';
import type { RefundKeys } from './refund-keys';

export type RefundSender = (request: RefundRequest) => Promise<ApiResult<RefundAnswer>>;

/** Where a refund's keys come from: the page's keys and the tranche the refund takes money from. */
export interface RefundKeying {
  readonly keys: RefundKeys;
  readonly attemptId: string;
}

/**
 * One refund gesture. A second submit while the first is on its way joins it; once accepted, the
 * gesture is done and answers its refunds again without sending. With `keying`, every send carries the
 * page's key of its tranche and amount (RefundKeys), so a send whose answer was lost, sent again from
 * this form or a reopened one, is replayed by the service, never doubled; a refused send recorded
 * nothing, so correcting the amount is safe. Without it (the whole payment's door reads no key) the
 * service's own rules make a repeat converge.
 */
export class RefundAction {
  private pending: Promise<ApiResult<RefundAnswer>> | undefined;
  private accepted: ApiResult<RefundAnswer> | undefined;

  constructor(
    readonly target: RefundTarget,
    private readonly send: RefundSender,
    private readonly keying?: RefundKeying,
  ) {}

  get busy(): boolean {
    return this.pending !== undefined;
  }

  submit(amount?: number): Promise<ApiResult<RefundAnswer>> {
    if (this.accepted) return Promise.resolve(this.accepted);
    if (this.pending) return this.pending;
    const key = this.keying?.keys.keyFor(this.keying.attemptId, amount);
    const request: RefundRequest = { target: this.target, ...(key === undefined ? {} : { idempotencyKey: key }), ...(amount === undefined ? {} : { amount }) };
    this.pending = this.send(request).then(
      (result) => {
        this.pending = undefined;
        if (result.ok) {
          this.accepted = result;
          this.keying?.keys.spend(this.keying.attemptId, amount);
        } else if (refundOutcomeUnclear(result)) {
          this.keying?.keys.keep(this.keying.attemptId, amount);
        }
        return result;
      },
      (error: unknown) => {
        this.pending = undefined;
        throw error;
      },
    );
    return this.pending;
  }
}

/**
 * An answer that does not say whether the refund was made: the network failed, the service failed
 * (5xx), or the answer is not the contract's. The page is read again and the contact told it may have been made.
 */
export function refundOutcomeUnclear(result: ApiResult<RefundAnswer>): boolean {
  return !result.ok && (result.status === 0 || result.status >= 500 || result.code === NETWORK_ERROR || result.code === UNEXPECTED_ERROR);
}
