import type { OperationRef } from '@splitpay/domain';
import { linkOf } from '../api/paypal-order';

/** A webhook event as far as the reader goes: its type, the resource, when it was made. */
export interface PayPalEvent {
  readonly eventType: string;
  readonly createTime?: string;
  readonly resource: Record<string, unknown>;
}

export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

export function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The event envelope; undefined when it is not one. */
export function readEvent(body: unknown): PayPalEvent | undefined {
  const event = record(body);
  const eventType = text(event?.event_type);
  const resource = record(event?.resource);
  if (!event || !eventType || !resource) return undefined;
  const createTime = text(event.create_time);
  return { eventType, resource, ...(createTime ? { createTime } : {}) };
}

/** `supplementary_data.related_ids.<name>` of a payment resource. */
export function relatedId(resource: Record<string, unknown>, name: string): string | undefined {
  return text(record(record(resource.supplementary_data)?.related_ids)?.[name]);
}

/** The capture a refund or reversal belongs to: the id at the end of its `up` link. */
export function upCaptureId(resource: Record<string, unknown>): string | undefined {
  const up = linkOf(resource.links, 'up');
  return up ? /\/v2\/payments\/captures\/([^/?#]+)/.exec(up)?.[1] : undefined;
}

/** The first transaction a dispute is about, by PayPal's id of the capture (seller_transaction_id). */
export function disputedCaptureId(resource: Record<string, unknown>): string | undefined {
  const list = Array.isArray(resource.disputed_transactions) ? (resource.disputed_transactions as unknown[]) : [];
  return list.map((t) => text(record(t)?.seller_transaction_id)).find((id) => id !== undefined);
}

/**
 * The operations of ours an event may be about, most precise first: the contract whose webhook id
 * signs it is the one serving the first that a session holds.
 */
export function operationRefsOf(event: PayPalEvent): OperationRef[] {
  const r = event.resource;
  const refs: (OperationRef | undefined)[] = [];
  const add = (transactionId: string | undefined, providerRef: string | undefined): void => {
    if (transactionId || providerRef) refs.push({ ...(transactionId ? { transactionId } : {}), ...(providerRef ? { providerRef } : {}) });
  };
  if (event.eventType.startsWith('CUSTOMER.DISPUTE.')) {
    add(undefined, disputedCaptureId(r));
    return refs.filter((x): x is OperationRef => x !== undefined);
  }
  const purchaseUnit = record(Array.isArray(r.purchase_units) ? r.purchase_units[0] : undefined);
  add(text(r.invoice_id), text(r.id));
  add(text(r.custom_id) ?? text(purchaseUnit?.custom_id), relatedId(r, 'order_id'));
  add(undefined, upCaptureId(r));
  add(undefined, relatedId(r, 'authorization_id'));
  return refs.filter((x): x is OperationRef => x !== undefined);
}
