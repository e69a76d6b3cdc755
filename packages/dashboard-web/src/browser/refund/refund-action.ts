import type { ApiResult, RefundAnswer } from '../api/api-types';
import type { RefundRequest, RefundTarget } from '../api/dashboard-api';

export type RefundSender = (request: RefundRequest) => Promise<ApiResult<RefundAnswer>>;

/**
 * One refund gesture: its idempotency key is minted when the contact opens the refund, and every
 * send of this gesture carries it. A second submit while the first is on its way joins it; once
 * accepted, the gesture is done and answers its refunds again without sending. A refused send
 * recorded nothing at the service, so correcting the amount and submitting again is safe with the
 * same key; a network failure is retried with the same key and is then replayed, never doubled.
 */
export class RefundAction {
  readonly idempotencyKey: string;
  private pending: Promise<ApiResult<RefundAnswer>> | undefined;
  private accepted: ApiResult<RefundAnswer> | undefined;

  constructor(
    readonly target: RefundTarget,
    private readonly send: RefundSender,
    newKey: () => string = () => crypto.randomUUID(),
  ) {
    this.idempotencyKey = newKey();
  }

  get busy(): boolean {
    return this.pending !== undefined;
  }

  submit(amount?: number): Promise<ApiResult<RefundAnswer>> {
    if (this.accepted) return Promise.resolve(this.accepted);
    if (this.pending) return this.pending;
    const request: RefundRequest = { target: this.target, idempotencyKey: this.idempotencyKey, ...(amount === undefined ? {} : { amount }) };
    this.pending = this.send(request).then(
      (result) => {
        this.pending = undefined;
        if (result.ok) this.accepted = result;
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
