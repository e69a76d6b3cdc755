import type { Money, PspFact } from '@splitpay/domain';
import { fromPayPalAmount } from '../api/paypal-amount';
import { successOfStatus } from '../driver/follow-up-status';
import { disputedCaptureId, record, relatedId, text, type PayPalEvent } from './webhook-event';

type ChargebackFact = Extract<PspFact, { kind: 'chargeback' }>;

/** Dispute outcomes that leave the money with the merchant: the dispute ends as a representment. */
const MERCHANT_KEEPS = new Set(['RESOLVED_SELLER_FAVOUR', 'CANCELED_BY_BUYER', 'DENIED', 'RESOLVED_WITH_PAYOUT']);

function day(value: unknown): string | undefined {
  const t = text(value);
  return t && /^\d{4}-\d{2}-\d{2}/.test(t) ? t.slice(0, 10) : undefined;
}

/** A capture event: our capture transaction (invoice_id), else the opening it belongs to (custom_id). */
function captureFact(r: Record<string, unknown>, success: boolean, statusCode: string): PspFact[] {
  const id = text(r.id);
  const transactionId = text(r.invoice_id) ?? text(r.custom_id);
  if (!id) return [];
  return [{ kind: 'captured', success, ref: { providerRef: id, ...(transactionId ? { transactionId } : {}) }, providerRef: id, statusCode }];
}

/** A refund event: only our own refund (custom_id) or one whose id we hold; never the capture's other refunds. */
function refundFact(r: Record<string, unknown>, success: boolean, statusCode: string): PspFact[] {
  const id = text(r.id);
  const transactionId = text(r.custom_id);
  if (!id) return [];
  return [{ kind: 'refunded', success, ref: { providerRef: id, ...(transactionId ? { transactionId } : {}) }, providerRef: id, statusCode }];
}

/**
 * PAYMENT.CAPTURE.REFUNDED carries the refund: its own status is the verdict, read as the refund's
 * answer and its lookup read it (a PENDING refund says not yet, FAILED or CANCELLED a failure).
 */
function refundedFact(r: Record<string, unknown>): PspFact[] {
  const status = text(r.status);
  const success = status ? successOfStatus('refunded', status) : undefined;
  return status && success !== undefined ? refundFact(r, success, status) : [];
}

function authorizationRef(r: Record<string, unknown>): { transactionId?: string; providerRef?: string } | undefined {
  const transactionId = text(r.custom_id);
  const orderId = relatedId(r, 'order_id');
  if (!transactionId && !orderId) return undefined;
  return { ...(transactionId ? { transactionId } : {}), ...(orderId ? { providerRef: orderId } : {}) };
}

/**
 * What a dispute at PayPal's INQUIRY stage (the buyer's claim at PayPal, before any chargeback) moved:
 * nothing while it is open, nor when it ends with the merchant keeping the money or with no outcome,
 * so nothing was announced and nothing is to undo (D93-c, D153). Only a resolution for the buyer takes
 * money: what PayPal refunded (`amount_refunded`, a partial refund offered and taken), else the whole
 * disputed amount.
 */
function inquiryDebit(event: PayPalEvent, outcome: string | undefined): Money | undefined {
  const r = event.resource;
  if (event.eventType !== 'CUSTOMER.DISPUTE.RESOLVED' || !outcome || outcome === 'NONE' || MERCHANT_KEEPS.has(outcome)) return undefined;
  return fromPayPalAmount(record(r.dispute_outcome)?.amount_refunded) ?? fromPayPalAmount(r.dispute_amount);
}

function disputeFact(event: PayPalEvent): PspFact[] {
  const r = event.resource;
  const providerRef = disputedCaptureId(r);
  const outcome = text(record(r.dispute_outcome)?.outcome_code);
  const inquiry = text(r.dispute_life_cycle_stage) === 'INQUIRY';
  const amount = inquiry ? inquiryDebit(event, outcome) : fromPayPalAmount(r.dispute_amount);
  const opened = day(r.create_time) ?? day(event.createTime);
  if (!providerRef || !amount || !opened) return [];
  const representment = !inquiry && event.eventType === 'CUSTOMER.DISPUTE.RESOLVED' && outcome !== undefined && MERCHANT_KEEPS.has(outcome);
  const disputeRef = text(r.dispute_id);
  const reasonCode = text(r.reason);
  const status = text(r.status);
  const validUntil = day(r.seller_response_due_date);
  const fact: ChargebackFact = {
    kind: 'chargeback',
    providerRef,
    ...(disputeRef ? { disputeRef } : {}),
    type: representment ? 'representment' : 'chargeback',
    amount,
    date: representment ? (day(r.update_time) ?? day(event.createTime) ?? opened) : opened,
    ...(reasonCode ? { reasonCode } : {}),
    ...(status ? { status: outcome ? `${status}:${outcome}` : status } : {}),
    ...(validUntil && !representment ? { validUntil } : {}),
  };
  return [fact];
}

/**
 * The facts a verified PayPal event establishes (decisions D29). Events the
 * service has no use for (orders approved, captures pending...) are acknowledged without facts.
 */
export function factsOfEvent(event: PayPalEvent): PspFact[] {
  const r = event.resource;
  switch (event.eventType) {
    case 'PAYMENT.AUTHORIZATION.CREATED': {
      const ref = authorizationRef(r);
      const granted = fromPayPalAmount(r.amount);
      const status = text(r.status);
      if (!ref || !granted || (status !== 'CREATED' && status !== 'CAPTURED' && status !== 'PARTIALLY_CAPTURED')) return [];
      return [{ kind: 'authorized', ref, ...(ref.providerRef ? { providerRef: ref.providerRef } : {}), granted, statusCode: status }];
    }
    case 'PAYMENT.AUTHORIZATION.VOIDED': {
      const ref = authorizationRef(r);
      return ref ? [{ kind: 'voided', success: true, ref, statusCode: 'VOIDED' }] : [];
    }
    case 'PAYMENT.CAPTURE.COMPLETED':
      return captureFact(r, true, 'COMPLETED');
    case 'PAYMENT.CAPTURE.DENIED':
      return captureFact(r, false, 'DENIED');
    case 'PAYMENT.CAPTURE.DECLINED':
      return captureFact(r, false, 'DECLINED');
    case 'PAYMENT.CAPTURE.REFUNDED':
      return refundedFact(r);
    case 'PAYMENT.REFUND.FAILED':
      return refundFact(r, false, text(r.status) ?? 'FAILED');
    // The reversal is the bookkeeping of a dispute's debit, which the dispute itself states with its
    // reason and due date: read both, and one dispute would be two debits under two dates (D95).
    case 'PAYMENT.CAPTURE.REVERSED':
      return [];
    case 'CUSTOMER.DISPUTE.CREATED':
    case 'CUSTOMER.DISPUTE.UPDATED':
    case 'CUSTOMER.DISPUTE.RESOLVED':
      return disputeFact(event);
    default:
      return [];
  }
}
