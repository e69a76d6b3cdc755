import type { DriverAck, FollowUpInput, OperationOutput, PspFact } from '@splitpay/domain';
import { ackOf, issueOf } from '../api/paypal-ack';
import type { PayPalAnswer, PayPalCalls, PayPalClient } from '../api/paypal.client';
import { toPayPalAmount } from '../api/paypal-amount';
import { readOrder, readPayment } from '../api/paypal-order';
import type { PayPalContract } from '../settings/paypal-settings';
import { followUpFact, verdictOfPayment, type FollowUpKind } from './follow-up-status';
import { captureRequest, refundRequest } from './paypal-requests';

/**
 * Capture, void and refund on Payments v2. Capture and void name the order's authorization (read
 * from the order: its id is the opening's providerRef); a refund names the capture. PENDING answers
 * are accepted without a verdict: PayPal's webhook tells the end, or a later lookup
 * (PayPalFollowUpLookup). The calls of one operation share one timeout (`PayPalClient.operation()`).
 */
export class PayPalFollowUps {
  constructor(private readonly client: PayPalClient) {}

  /** The captured amount, as the final capture of the authorization. */
  async capture(contract: PayPalContract, input: FollowUpInput): Promise<OperationOutput> {
    const amount = toPayPalAmount(input.amount);
    if (!amount) return { ack: { outcome: 'rejected', code: 'UNSUPPORTED_AMOUNT', message: `PayPal takes no fraction of a unit in ${input.amount.currency}` }, facts: [] };
    const calls = this.client.operation();
    const authorization = await this.authorizationOf(calls, 'captured', contract, input);
    if (typeof authorization !== 'string') return authorization;
    const answer = await calls.call(contract, {
      method: 'POST',
      path: `/v2/payments/authorizations/${encodeURIComponent(authorization)}/capture`,
      requestId: input.transactionId,
      prefer: 'return=representation',
      body: captureRequest(amount, input.transactionId),
    });
    return this.outcome('captured', answer, input);
  }

  async void(contract: PayPalContract, input: FollowUpInput): Promise<OperationOutput> {
    const calls = this.client.operation();
    const authorization = await this.authorizationOf(calls, 'voided', contract, input);
    if (typeof authorization !== 'string') return authorization;
    const answer = await calls.call(contract, {
      method: 'POST',
      path: `/v2/payments/authorizations/${encodeURIComponent(authorization)}/void`,
      requestId: input.transactionId,
      prefer: 'return=minimal',
    });
    // Voided before (a lost answer of ours, an expiry): the hold is gone, which is what was asked.
    if (issueOf(answer) === 'PREVIOUSLY_VOIDED') {
      return { ack: { ...ackOf(answer), outcome: 'accepted' }, facts: [this.fact('voided', true, input, 'PREVIOUSLY_VOIDED')] };
    }
    if (answer.kind === 'answer' && answer.status === 204) return { ack: ackOf(answer), facts: [this.fact('voided', true, input, 'VOIDED')] };
    return this.outcome('voided', answer, input);
  }

  /** A slice or the whole of the capture; the amount is always said, so a retry refunds the same. */
  async refund(contract: PayPalContract, input: FollowUpInput): Promise<OperationOutput> {
    const amount = toPayPalAmount(input.amount);
    if (!amount) return { ack: { outcome: 'rejected', code: 'UNSUPPORTED_AMOUNT', message: `PayPal takes no fraction of a unit in ${input.amount.currency}` }, facts: [] };
    const named = input.target.providerRef;
    if (!named) return { ack: { outcome: 'unknown', code: 'NO_CAPTURE', message: 'The PayPal capture to refund is not known yet' }, facts: [] };
    const calls = this.client.operation();
    const refundOf = (capture: string, expectedStatuses: readonly number[] = []): Promise<PayPalAnswer> =>
      calls.call(contract, {
        method: 'POST',
        path: `/v2/payments/captures/${encodeURIComponent(capture)}/refund`,
        requestId: input.transactionId,
        prefer: 'return=representation',
        body: refundRequest(amount, input.transactionId),
        expectedStatuses,
      });
    // A 404 here is mended below (the target named the order): not a refusal to log.
    const answer = await refundOf(named, [404]);
    if (answer.kind !== 'answer' || answer.status !== 404) return this.outcome('refunded', answer, input);
    // The target named the order (the opening) rather than its capture: refund the order's capture.
    const capture = await this.captureOfOrder(calls, contract, named);
    return this.outcome('refunded', capture ? await refundOf(capture) : answer, input);
  }

  /** The capture of an order (one final capture per authorization); undefined when `orderId` names no captured order. */
  private async captureOfOrder(calls: PayPalCalls, contract: PayPalContract, orderId: string): Promise<string | undefined> {
    const answer = await calls.call(contract, { method: 'GET', path: `/v2/checkout/orders/${encodeURIComponent(orderId)}` });
    const order = answer.kind === 'answer' && answer.status === 200 ? readOrder(answer.body) : undefined;
    return order?.captures.find((c) => c.status === 'COMPLETED' || c.status === 'PARTIALLY_REFUNDED')?.id;
  }

  /** The authorization id of the order the opening created (its providerRef), or why it is not known. */
  private async authorizationOf(calls: PayPalCalls, kind: 'captured' | 'voided', contract: PayPalContract, input: FollowUpInput): Promise<string | OperationOutput> {
    const orderId = input.target.providerRef;
    if (!orderId) return { ack: { outcome: 'unknown', code: 'NO_ORDER', message: 'No PayPal order is known for this attempt' }, facts: [] };
    const answer = await calls.call(contract, { method: 'GET', path: `/v2/checkout/orders/${encodeURIComponent(orderId)}` });
    const ack = ackOf(answer);
    const authorization = answer.kind === 'answer' && ack.outcome === 'accepted' ? readOrder(answer.body)?.authorization : undefined;
    if (authorization) return authorization.id;
    if (ack.outcome === 'accepted') return this.refused(kind, { ...ack, outcome: 'rejected', code: 'NO_AUTHORIZATION', message: 'The PayPal order holds no authorization' }, input);
    return { ack, facts: [] };
  }

  /** 2xx: the resource's status decides; a refusal (4xx) is final, told as a failed verdict; the rest unknown. */
  private outcome(kind: FollowUpKind, answer: PayPalAnswer, input: FollowUpInput): OperationOutput {
    const ack = ackOf(answer);
    if (ack.outcome === 'rejected') return this.refused(kind, ack, input);
    if (answer.kind !== 'answer' || ack.outcome !== 'accepted') return { ack, facts: [] };
    const payment = readPayment(answer.body);
    if (!payment) return { ack, facts: [] };
    const verdict = verdictOfPayment(kind, payment, input.transactionId);
    return { ack, facts: verdict ? [verdict] : [] };
  }

  /** PayPal refused the operation itself: retrying cannot help, so the refusal is its verdict. */
  private refused(kind: FollowUpKind, ack: DriverAck, input: FollowUpInput): OperationOutput {
    return { ack, facts: [{ ...this.fact(kind, false, input, ack.code ?? 'REFUSED'), ...(ack.message ? { statusMessage: ack.message } : {}) }] };
  }

  private fact(kind: FollowUpKind, success: boolean, input: FollowUpInput, statusCode: string, providerRef?: string): PspFact {
    return followUpFact(kind, success, input.transactionId, statusCode, providerRef);
  }
}
