import { randomUUID } from 'node:crypto';
import type { ErrorBody, FakeNotification, WireAmount } from '../protocol/fake-psp.protocol';
import type { NotificationSender } from './notification-sender';
import type { FakePayment, PaymentBook } from './payment-book';

/** What the fake PSP's engine hands its HTTP layer: a status and a JSON body. */
export interface Answer {
  readonly status: number;
  readonly body: unknown;
}

export function refusal(status: number, error: string, message: string, extra: Record<string, unknown> = {}): Answer {
  const body: ErrorBody = { error, message };
  return { status, body: { ...body, ...extra } };
}

export interface EngineDeps {
  readonly book: PaymentBook;
  readonly sender: NotificationSender;
  /** Absolute URL of the payer's page of a payment. */
  pageUrl(ref: string): string;
  now(): number;
}

export function wireAmount(value: number, currency: string): WireAmount {
  return { value, currency };
}

/** Queues a notification about `payment` to its notificationUrl. */
export function notify(
  deps: EngineDeps,
  payment: FakePayment,
  body: Omit<FakeNotification, 'id' | 'createdAt' | 'paymentRef'>,
): void {
  deps.sender.send(payment.notificationUrl, {
    id: randomUUID(),
    createdAt: new Date(deps.now()).toISOString(),
    paymentRef: payment.ref,
    ...body,
  });
}

/** The authorization verdict of a decided payment, as its notification tells it. */
export function notifyAuthorization(deps: EngineDeps, payment: FakePayment): void {
  const currency = payment.amount.currency;
  const base = { event: 'authorization' as const, ref: payment.ref, reference: payment.reference };
  switch (payment.status) {
    case 'authorized':
    case 'captured':
      notify(deps, payment, {
        ...base,
        result: 'authorized',
        amount: wireAmount(payment.authorizedAmount ?? payment.amount.value, currency),
        code: payment.resultCode ?? '00',
        message: payment.resultMessage ?? 'Approved',
        ...(payment.partial ? { partial: payment.partial } : {}),
        ...(payment.card ? { card: { ...(payment.card.brand ? { brand: payment.card.brand } : {}), ...(payment.alias ? { alias: payment.alias } : {}) } } : {}),
      });
      return;
    case 'declined':
      notify(deps, payment, {
        ...base,
        result: 'declined',
        amount: payment.amount,
        ...(payment.resultCode ? { code: payment.resultCode } : {}),
        ...(payment.resultMessage ? { message: payment.resultMessage } : {}),
        ...(payment.declineReason ? { declineReason: payment.declineReason } : {}),
      });
      return;
    case 'cancelled':
      notify(deps, payment, { ...base, result: 'cancelled', amount: payment.amount, code: 'cancelled', message: 'The payer cancelled' });
      return;
    case 'lender-studying':
      notify(deps, payment, { ...base, result: 'pending', amount: payment.amount, code: 'pending', message: 'The lender is studying the file' });
      return;
    default:
      return;
  }
}

/** Records an approval on `payment` (full, issuer-partial or payer-chosen) and says so later. */
export function approve(deps: EngineDeps, payment: FakePayment, granted: number, partial?: 'issuer' | 'payer'): void {
  payment.authorizedAmount = granted;
  if (partial) payment.partial = partial;
  payment.resultCode = partial === 'issuer' ? '10' : '00';
  payment.resultMessage = partial === 'issuer' ? 'Partial approval' : 'Approved';
  if (payment.registerAlias && payment.method === 'card') payment.alias = `fka_${randomUUID().replace(/-/g, '')}`;
  if (payment.kind === 'payment') {
    payment.status = 'captured';
    payment.captured = granted;
  } else {
    payment.status = 'authorized';
  }
  notifyAuthorization(deps, payment);
}

export function decline(deps: EngineDeps, payment: FakePayment, reason: FakePayment['declineReason'], code: string, message: string): void {
  payment.status = 'declined';
  payment.declineReason = reason;
  payment.resultCode = code;
  payment.resultMessage = message;
  notifyAuthorization(deps, payment);
}
