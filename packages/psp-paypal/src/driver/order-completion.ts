import type { DriverAck, Money, OperationOutput, OperationRef, PspFact } from '@splitpay/domain';
import { ackOf, issueOf } from '../api/paypal-ack';
import type { PayPalCalls, PayPalClient } from '../api/paypal.client';
import { readIssue } from '../api/paypal-error';
import { readOrder } from '../api/paypal-order';
import type { PayPalContract } from '../settings/paypal-settings';
import { verdictOfOrder } from './order-verdict';

/** The opening operation an order belongs to. */
export interface OrderTarget {
  readonly orderId: string;
  /** Our transaction id of the opening: the order's PayPal-Request-Id and its authorization's. */
  readonly transactionId: string;
  readonly amount: Money;
}

const NONE: readonly PspFact[] = [];

/**
 * Finishes an order the payer acted on, or reads where it stands: the order is fetched (or
 * authorized straight away after the payer's return) and its authorization verdict told as facts.
 * An order the payer approved is authorized with our opening transaction id as PayPal-Request-Id,
 * so a return, a lookup and a retry authorize it once. The calls of one return or one lookup (the
 * order's read, its authorization, the read after ORDER_ALREADY_AUTHORIZED, their tokens) share one
 * timeout (`PayPalClient.operation()`, D112).
 */
export class OrderCompletion {
  constructor(private readonly client: PayPalClient) {}

  /** GET the order; an approved one is authorized. */
  settle(contract: PayPalContract, target: OrderTarget): Promise<OperationOutput & { readonly awaitingPayer: boolean }> {
    return this.settleWith(this.client.operation(), contract, target, true);
  }

  /** POST …/authorize: the hold, or PayPal's refusal as a declined fact with its category. */
  authorize(contract: PayPalContract, target: OrderTarget): Promise<OperationOutput> {
    return this.authorizeWith(this.client.operation(), contract, target, true);
  }

  private async settleWith(calls: PayPalCalls, contract: PayPalContract, target: OrderTarget, authorizeApproved: boolean): Promise<OperationOutput & { readonly awaitingPayer: boolean }> {
    const answer = await calls.call(contract, { method: 'GET', path: `/v2/checkout/orders/${encodeURIComponent(target.orderId)}` });
    const ack = ackOf(answer);
    if (answer.kind === 'answer' && answer.status === 404) return { ack, facts: [this.notFound(target)], awaitingPayer: false };
    const order = answer.kind === 'answer' && ack.outcome === 'accepted' ? readOrder(answer.body) : undefined;
    if (!order) return { ack, facts: NONE, awaitingPayer: false };
    const verdict = verdictOfOrder(order, this.opening(target), target.amount);
    switch (verdict.kind) {
      case 'approved':
        return authorizeApproved ? { ...(await this.authorizeWith(calls, contract, target, false)), awaitingPayer: false } : { ack, facts: NONE, awaitingPayer: false };
      case 'awaiting-payer':
        return { ack, facts: NONE, awaitingPayer: true };
      case 'pending':
        return { ack, facts: NONE, awaitingPayer: false };
      case 'verdict':
        return { ack, facts: [verdict.fact], awaitingPayer: false };
    }
  }

  private async authorizeWith(calls: PayPalCalls, contract: PayPalContract, target: OrderTarget, settleConflict: boolean): Promise<OperationOutput> {
    const answer = await calls.call(contract, {
      method: 'POST',
      path: `/v2/checkout/orders/${encodeURIComponent(target.orderId)}/authorize`,
      body: {},
      requestId: target.transactionId,
      prefer: 'return=representation',
    });
    const ack = ackOf(answer);
    if (answer.kind !== 'answer') return { ack, facts: NONE };
    if (ack.outcome === 'accepted') {
      const order = readOrder(answer.body);
      const verdict = order ? verdictOfOrder(order, this.opening(target), target.amount) : undefined;
      return { ack: { ...ack, providerRef: target.orderId }, facts: verdict?.kind === 'verdict' ? [verdict.fact] : NONE };
    }
    if (answer.status === 404) return { ack, facts: [this.notFound(target)] };
    if (ack.outcome !== 'rejected') return { ack, facts: NONE };
    const issue = issueOf(answer);
    // Authorized before (a lost answer, another door): the order tells the verdict.
    if (issue === 'ORDER_ALREADY_AUTHORIZED') {
      if (!settleConflict) return { ack, facts: NONE };
      const { awaitingPayer: _, ...settled } = await this.settleWith(calls, contract, target, false);
      return settled;
    }
    const reading = readIssue(issue);
    if (reading.kind === 'awaiting-payer') return { ack, facts: NONE };
    return { ack, facts: [this.declined(target, ack, reading.category)] };
  }

  private opening(target: OrderTarget): OperationRef {
    return { transactionId: target.transactionId, providerRef: target.orderId };
  }

  private declined(target: OrderTarget, ack: DriverAck, category: Extract<PspFact, { kind: 'declined' }>['category']): PspFact {
    return {
      kind: 'declined',
      ref: this.opening(target),
      providerRef: target.orderId,
      ...(category ? { category } : {}),
      ...(ack.code ? { statusCode: ack.code } : {}),
      ...(ack.message ? { statusMessage: ack.message } : {}),
    };
  }

  private notFound(target: OrderTarget): PspFact {
    return { kind: 'declined', ref: this.opening(target), providerRef: target.orderId, statusCode: 'RESOURCE_NOT_FOUND', statusMessage: 'PayPal holds no such order' };
  }
}
