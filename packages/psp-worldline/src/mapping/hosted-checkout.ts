import type { OperationRef, PspFact } from '@splitpay/domain';
import { openingFacts, type OpeningContext } from './payment-status';
import { readPayment, type WorldlinePayment } from './worldline-payment';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The answer of `POST /hostedcheckouts`: its id and where the payer goes. */
export function readCreatedHostedCheckout(body: Record<string, unknown>): { id: string; url: string } | undefined {
  const id = body.hostedCheckoutId;
  const url = typeof body.redirectUrl === 'string' ? body.redirectUrl : typeof body.partialRedirectUrl === 'string' ? `https://payment.${body.partialRedirectUrl}` : undefined;
  return typeof id === 'string' && id.length > 0 && url ? { id, url } : undefined;
}

/** `GET /hostedcheckouts/{id}`: its status and, once the payer paid or was refused, the payment it created. */
export interface HostedCheckoutStatus {
  readonly status?: string;
  readonly payment?: WorldlinePayment;
}

export function readHostedCheckout(body: Record<string, unknown>): HostedCheckoutStatus {
  const created = isRecord(body.createdPaymentOutput) ? body.createdPaymentOutput : undefined;
  const payment = readPayment(created?.payment);
  return { ...(typeof body.status === 'string' ? { status: body.status } : {}), ...(payment ? { payment } : {}) };
}

/**
 * The opening's verdict from its hosted checkout: the created payment's status when there is one (named
 * by the opening, whose reference is the hosted checkout's id); the payer leaving the page before paying
 * is a cancellation; anything else (IN_PROGRESS...) is no verdict yet.
 */
export function hostedCheckoutFacts(checkout: HostedCheckoutStatus, context: OpeningContext, opening: OperationRef): PspFact[] {
  if (checkout.payment) {
    return openingFacts(checkout.payment, context).map((fact) => ({ ...fact, ref: opening, ...(opening.providerRef ? { providerRef: opening.providerRef } : {}) }) as PspFact);
  }
  if (checkout.status === 'CANCELLED_BY_CONSUMER') return [{ kind: 'cancelled-by-payer', ref: opening, statusCode: checkout.status }];
  return [];
}
