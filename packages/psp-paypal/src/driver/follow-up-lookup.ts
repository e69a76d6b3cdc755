import type { DriverAck, FollowUpLookupInput, OperationOutput } from '@splitpay/domain';
import { ackOf } from '../api/paypal-ack';
import type { PayPalCalls, PayPalClient } from '../api/paypal.client';
import { readOrder, readPayment, type PayPalPayment } from '../api/paypal-order';
import type { PayPalContract } from '../settings/paypal-settings';
import { verdictOfPayment, type FollowUpKind } from './follow-up-status';

const KIND: Readonly<Record<FollowUpLookupInput['type'], FollowUpKind>> = { capture: 'captured', void: 'voided', refund: 'refunded' };

/**
 * Where a capture, void or refund PayPal took without its verdict (PENDING) stands: the capture
 * (GET /v2/payments/captures/{id}) or the refund (GET /v2/payments/refunds/{id}) its answer named,
 * else the order's own copy (GET /v2/checkout/orders/{id}, the opening's providerRef) of the capture
 * (its invoice_id is our transaction id), of the refund (its invoice_id or custom_id is) or of the
 * authorization (a void). Read only: an answer that is no 2xx (a 404 included) is no verdict, the
 * service looks again later; a status still PENDING is none either. Its calls (a token, the read,
 * a renewed token's retry) share one timeout.
 */
export class PayPalFollowUpLookup {
  constructor(private readonly client: PayPalClient) {}

  async lookUp(contract: PayPalContract, input: FollowUpLookupInput): Promise<OperationOutput> {
    const kind = KIND[input.type];
    const named = input.operation.providerRef;
    const calls = this.client.operation();
    const read = named && input.type !== 'void' ? await this.readNamed(calls, contract, input.type, named) : await this.readFromOrder(calls, contract, input);
    if ('ack' in read) return read;
    const verdict = verdictOfPayment(kind, read.payment, input.transactionId);
    return { ack: read.found, facts: verdict ? [verdict] : [] };
  }

  private async readNamed(calls: PayPalCalls, contract: PayPalContract, type: 'capture' | 'refund', id: string): Promise<Found | OperationOutput> {
    const answer = await calls.call(contract, { method: 'GET', path: `/v2/payments/${type === 'capture' ? 'captures' : 'refunds'}/${encodeURIComponent(id)}`, expectedStatuses: [404] });
    const ack = ackOf(answer);
    const payment = answer.kind === 'answer' && ack.outcome === 'accepted' ? readPayment(answer.body) : undefined;
    return payment ? { found: ack, payment } : { ack, facts: [] };
  }

  /** A capture or refund (by our id) or the authorization (a void) as the order holds it. */
  private async readFromOrder(calls: PayPalCalls, contract: PayPalContract, input: FollowUpLookupInput): Promise<Found | OperationOutput> {
    const orderId = input.opening.providerRef;
    if (!orderId) return { ack: { outcome: 'unknown', code: 'NO_REFERENCE', message: `PayPal named no ${input.type} to look up` }, facts: [] };
    const answer = await calls.call(contract, { method: 'GET', path: `/v2/checkout/orders/${encodeURIComponent(orderId)}`, expectedStatuses: [404] });
    const ack = ackOf(answer);
    const order = answer.kind === 'answer' && ack.outcome === 'accepted' ? readOrder(answer.body) : undefined;
    const tx = input.transactionId;
    // A capture's custom_id is the order's (our opening): only its invoice_id names the capture.
    const payment =
      input.type === 'void' ? order?.authorization : input.type === 'capture' ? order?.captures.find((c) => c.invoiceId === tx) : order?.refunds.find((r) => r.invoiceId === tx || r.customId === tx);
    return payment ? { found: ack, payment } : { ack, facts: [] };
  }
}

/** The resource read: the call's ack and the payment it holds. */
interface Found {
  readonly found: DriverAck;
  readonly payment: PayPalPayment;
}

