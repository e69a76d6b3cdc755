import type { Money } from '@splitpay/domain';
import { fromPayPalAmount } from './paypal-amount';

/** `order_status` of Orders v2. */
export type OrderStatus = 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';

/** What the driver reads of a payment (authorization, capture, refund) inside an order or on its own. */
export interface PayPalPayment {
  readonly id: string;
  readonly status: string;
  readonly amount?: Money;
  readonly customId?: string;
  readonly invoiceId?: string;
}

/** What the driver reads of an order. */
export interface PayPalOrder {
  readonly id: string;
  readonly status: OrderStatus;
  /** Where the payer approves: the `payer-action` link, or `approve` for the older format. */
  readonly approvalUrl?: string;
  /** The one authorization of an AUTHORIZE order, once authorized. */
  readonly authorization?: PayPalPayment;
  readonly captures: readonly PayPalPayment[];
  /** The refunds of its captures (`payments.refunds`), each with the custom_id and invoice_id the refund was asked with. */
  readonly refunds: readonly PayPalPayment[];
}

const ORDER_STATUSES: readonly OrderStatus[] = ['CREATED', 'SAVED', 'APPROVED', 'VOIDED', 'COMPLETED', 'PAYER_ACTION_REQUIRED'];

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function list(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.flatMap((v) => (record(v) ? [record(v)!] : [])) : [];
}

/** A payment resource (authorization, capture, refund); undefined without an id and a status. */
export function readPayment(value: unknown): PayPalPayment | undefined {
  const body = record(value);
  const id = text(body?.id);
  const status = text(body?.status);
  if (!body || !id || !status) return undefined;
  const amount = fromPayPalAmount(body.amount);
  const customId = text(body.custom_id);
  const invoiceId = text(body.invoice_id);
  return { id, status, ...(amount ? { amount } : {}), ...(customId ? { customId } : {}), ...(invoiceId ? { invoiceId } : {}) };
}

/** The link of `rel` among HATEOAS links. */
export function linkOf(links: unknown, rel: string): string | undefined {
  return text(list(links).find((l) => l.rel === rel)?.href);
}

export function readOrder(value: unknown): PayPalOrder | undefined {
  const body = record(value);
  const id = text(body?.id);
  const status = ORDER_STATUSES.find((s) => s === body?.status);
  if (!body || !id || !status) return undefined;
  const payments = record(list(body.purchase_units)[0]?.payments);
  const authorization = readPayment(list(payments?.authorizations)[0]);
  const paymentsOf = (value: unknown): PayPalPayment[] => list(value).flatMap((p) => (readPayment(p) ? [readPayment(p)!] : []));
  const approvalUrl = linkOf(body.links, 'payer-action') ?? linkOf(body.links, 'approve');
  return { id, status, ...(approvalUrl ? { approvalUrl } : {}), ...(authorization ? { authorization } : {}), captures: paymentsOf(payments?.captures), refunds: paymentsOf(payments?.refunds) };
}
