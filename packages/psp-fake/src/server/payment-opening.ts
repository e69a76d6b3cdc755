import type { FakeMethod } from '../protocol/fake-psp.protocol';
import { cardBrand, cardDataProblem, cardVerdict } from './card-script';
import { approve, decline, refusal, type Answer, type EngineDeps } from './engine-support';
import { newRef, type FakePayment } from './payment-book';
import { amountOf, httpUrl, isRecord, positiveInt, text } from './wire-input';

const METHODS: readonly FakeMethod[] = ['card', 'applepay', 'paypal', 'wero', 'oney', 'ancv'];
/** Methods whose payer is sent to the fake PSP's page. */
const REDIRECTED: readonly FakeMethod[] = ['paypal', 'wero', 'oney', 'ancv'];

function opened(payment: FakePayment, redirectUrl?: string): Answer {
  return {
    status: 201,
    body: { ref: payment.ref, reference: payment.reference, method: payment.method, status: payment.status, amount: payment.amount, ...(redirectUrl ? { redirectUrl } : {}) },
  };
}

/**
 * POST /api/payments. The verdict is decided here but only told by notification (and by a status
 * lookup): the answer is an acknowledgement, as at a real PSP.
 */
export function createPayment(deps: EngineDeps, body: unknown): Answer {
  if (!isRecord(body)) return refusal(400, 'invalid-request', 'body must be a JSON object');
  const method = METHODS.find((m) => m === body.method);
  const amount = amountOf(body.amount);
  const reference = text(body.reference, 64);
  const notificationUrl = httpUrl(body.notificationUrl);
  const returnUrl = body.returnUrl === undefined ? undefined : httpUrl(body.returnUrl);
  if (!method) return refusal(400, 'invalid-request', 'method is not one the fake PSP serves');
  if (!amount) return refusal(400, 'invalid-request', 'amount must be { value: integer >= 1, currency: ISO 4217 }');
  if (!reference) return refusal(400, 'invalid-request', 'reference must be a string of 1 to 64 characters');
  if (!notificationUrl) return refusal(400, 'invalid-request', 'notificationUrl must be an http(s) URL');
  if (body.returnUrl !== undefined && !returnUrl) return refusal(400, 'invalid-request', 'returnUrl must be an http(s) URL');
  if (REDIRECTED.includes(method) && !returnUrl) return refusal(400, 'invalid-request', `returnUrl is required for ${method}`);
  if (method === 'oney' && body.plan !== undefined) {
    const plan = isRecord(body.plan) ? body.plan : {};
    if (positiveInt(plan.installments) === undefined || typeof plan.withFees !== 'boolean') {
      return refusal(400, 'invalid-request', 'plan must be { installments, withFees }');
    }
  }
  if (deps.book.paymentByReference(reference)) return refusal(409, 'duplicate-reference', 'a payment already carries this reference');

  let card: { number: string; expiry: string; cvc: string } | undefined;
  if (method === 'card') {
    const input = isRecord(body.card) ? body.card : {};
    if (typeof input.number !== 'string' || typeof input.expiry !== 'string' || typeof input.cvc !== 'string') {
      return refusal(400, 'invalid-request', 'card must carry number, expiry and cvc');
    }
    card = { number: input.number.replace(/[\s-]/g, ''), expiry: input.expiry, cvc: input.cvc };
  }

  const brand = card ? cardBrand(card.number) : undefined;
  const orderReference = text(body.orderReference, 64);
  const payment: FakePayment = {
    ref: newRef('fkp'),
    reference,
    method,
    amount,
    ...(orderReference ? { orderReference } : {}),
    notificationUrl,
    ...(returnUrl ? { returnUrl } : {}),
    kind: method === 'ancv' ? 'payment' : 'hold',
    financing: method === 'oney',
    payerChoosesAmount: method === 'ancv',
    registerAlias: body.registerAlias === true,
    ...(card ? { card: { last4: card.number.slice(-4), ...(brand ? { brand } : {}) } } : {}),
    status: 'received',
    captured: 0,
    refunded: 0,
    operations: [],
  };
  deps.book.add(payment);

  if (card) return openCard(deps, payment, card);
  if (method === 'applepay') {
    payment.status = 'awaiting-token';
    return opened(payment);
  }
  payment.status = 'awaiting-payer';
  return opened(payment, deps.pageUrl(payment.ref));
}

function openCard(deps: EngineDeps, payment: FakePayment, card: { number: string; expiry: string; cvc: string }): Answer {
  const problem = cardDataProblem(card, new Date(deps.now()));
  if (problem) {
    // Refused at the door: recorded (a lookup finds it) but told in the answer, not by notification.
    payment.status = 'declined';
    payment.declineReason = problem.reason;
    payment.resultCode = problem.reason === 'expired' ? '54' : '14';
    payment.resultMessage = problem.message;
    return refusal(422, problem.reason, problem.message, { ref: payment.ref, code: payment.resultCode });
  }
  const verdict = cardVerdict(card.number);
  switch (verdict.kind) {
    case 'authorize-full':
      approve(deps, payment, payment.amount.value);
      break;
    case 'authorize-half': {
      const half = Math.floor(payment.amount.value / 2);
      if (half >= 1) approve(deps, payment, half, 'issuer');
      else decline(deps, payment, 'insufficient-funds', '51', 'Insufficient funds');
      break;
    }
    case 'decline':
      decline(deps, payment, verdict.reason, verdict.code, verdict.message);
      break;
    case 'challenge':
      payment.status = 'challenge';
      return opened(payment, deps.pageUrl(payment.ref));
  }
  return { status: 201, body: { ref: payment.ref, reference: payment.reference, method: payment.method, status: 'received', amount: payment.amount } };
}

/** POST /api/payments/{ref}/wallet-token: the in-page wallet's token; read, never kept. */
export function acceptWalletToken(deps: EngineDeps, ref: string, body: unknown): Answer {
  const payment = deps.book.payment(ref);
  if (!payment || payment.ref !== ref) return refusal(404, 'not-found', 'no such payment');
  if (!isRecord(body) || !text(body.paymentToken, 100_000)) return refusal(400, 'invalid-request', 'paymentToken must be a non-empty string');
  if (payment.method !== 'applepay' || payment.status !== 'awaiting-token') {
    return refusal(409, 'not-awaiting-token', `payment is ${payment.status}, not awaiting a wallet token`);
  }
  approve(deps, payment, payment.amount.value);
  return { status: 202, body: { ref: payment.ref, reference: payment.reference, status: 'received' } };
}
