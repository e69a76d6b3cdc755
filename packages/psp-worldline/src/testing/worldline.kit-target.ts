import type { DeclineCategory, FollowUpInput, InboundNotification, OpenInput } from '@splitpay/domain';
import { holdEveryNockedCall, KIT_HANG_MS, nockedKitRun, type FollowUpOutcome, type FollowUpPlay, type NotNowStatus, type OpeningPlay, type PspKitRun, type PspKitScript, type PspKitTarget, type TransportFault } from '@splitpay/psp-testkit';
import nock from 'nock';
import { WORLDLINE_PLUGIN } from '../worldline.plugin';
import { captureAnswer, hostedCheckoutAnswer, hostedCheckoutStatus, MERCHANT, payment, paymentId, redirectAnswer, refund, SETTINGS, TEST_BASE, webhook } from './worldline-fixtures';

/** The refusal Worldline gives for each category the driver maps (the error of the REJECTED payment). */
const REFUSALS: Readonly<Partial<Record<DeclineCategory, Record<string, unknown>>>> = {
  'bank-refusal': { errorCode: '30511001', id: 'PAYMENT_REJECTED', message: 'Payment refused by the issuer' },
  'insufficient-funds': { errorCode: '30051001', id: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds' },
  expired: { errorCode: '30171001', id: 'TIMEOUT', message: 'The payer did not approve in time' },
  'authentication-failed': { errorCode: '30591001', id: 'AUTHENTICATION_FAILURE', message: 'The payer failed authentication' },
};
const V2 = `/v2/${MERCHANT}`;
/** Worldline's "not now": 429 when the rate limit is reached, 408 when the request was not read in time. */
const notNow = (status: NotNowStatus) => ({ errorId: `kit-${status}`, errors: [{ errorCode: status === '429' ? '1100' : '1000', httpStatusCode: Number(status), id: status === '429' ? 'TOO_MANY_REQUESTS' : 'REQUEST_TIMEOUT' }] });
const P = `${V2}/payments`;

/** One contract the kit runs a method under: Wero a hold or a direct payment, ANCV by redirect (5412) or hosted checkout (5403). */
export type WorldlineKitContract = 'wero hold' | 'wero payment' | 'ancv 5412' | 'ancv 5403';
const CONTRACTS: Readonly<Record<WorldlineKitContract, { method: 'wero' | 'ancv'; product: number; settings: Readonly<Record<string, unknown>> }>> = {
  'wero hold': { method: 'wero', product: 900, settings: SETTINGS },
  'wero payment': { method: 'wero', product: 900, settings: { ...SETTINGS, operation: 'payment' } },
  'ancv 5412': { method: 'ancv', product: 5412, settings: SETTINGS },
  'ancv 5403': { method: 'ancv', product: 5403, settings: { ...SETTINGS, ancvProductId: 5403 } },
};

/**
 * The amount of the request nock matched, in minor units as Worldline takes them: an opening's
 * `order.amountOfMoney`, a refund's `amountOfMoney`, a capture's `amount`.
 */
function amountReader(): { read(body: Record<string, unknown>): true; amount(): number | undefined } {
  let value: number | undefined;
  return {
    read: (body) => {
      const order = body.order as { amountOfMoney?: { amount?: unknown } } | undefined;
      const found = order?.amountOfMoney?.amount ?? (body.amountOfMoney as { amount?: unknown } | undefined)?.amount ?? body.amount;
      value = typeof found === 'number' ? found : undefined;
      return true;
    },
    amount: () => value,
  };
}

/** Nock playing Worldline Direct: the opening (payment or hosted checkout), the payer's approval in the app, GET on return, and the webhooks. */
function script(contract: WorldlineKitContract): PspKitScript {
  const { method, product } = CONTRACTS[contract];
  const hosted = product === 5403;
  const api = () => nock(TEST_BASE);
  const sale = method === 'ancv' || contract === 'wero payment';
  const payment$ = sale ? { status: 'CAPTURED', statusCode: 9, statusCategory: 'COMPLETED' } : { status: 'PENDING_CAPTURE', statusCode: 5, statusCategory: 'PENDING_MERCHANT' };
  /** A hosted checkout's created payment, by the hosted checkout's id (the opening's reference). */
  const created = new Map<string, string>();
  /** A payment a hosted checkout created names it (hostedCheckoutSpecificOutput), in answers and webhooks alike. */
  const byCheckout = (id: string): { hostedCheckoutId?: string } => {
    const checkout = [...created].find(([, payment]) => payment === id)?.[0];
    return checkout ? { hostedCheckoutId: checkout } : {};
  };
  /** Worldline's answer about an opening's status: GET on the payment, or on the hosted checkout naming its payment. */
  const status = (ref: string, shape: Parameters<typeof payment>[0], times = 1) =>
    hosted ? api().get(`${V2}/hostedcheckouts/${ref}`).times(times).reply(200, hostedCheckoutStatus('PAYMENT_CREATED', payment(shape))) : api().get(`${P}/${ref}`).times(times).reply(200, payment(shape));
  /** The payment a follow-up acts on; a hosted checkout is read first to find it. */
  const paymentOf = (input: FollowUpInput, times = 1): string => {
    const ref = input.opening?.providerRef ?? input.target.providerRef ?? '';
    const id = created.get(ref);
    if (!id) return ref;
    status(ref, { id, amount: input.amount.amount, merchantReference: input.opening?.transactionId ?? '', product, ...byCheckout(id), ...payment$ }, times);
    return id;
  };
  /** The payer goes to the app and back; the return reads the payment; a webhook tells the same. */
  const opening = (input: OpenInput, final: { status: string; statusCode: number; statusCategory: string; errors?: Record<string, unknown>[] }): OpeningPlay => {
    const id = paymentId();
    const ref = hosted ? `hc-${id.replace(/_0$/, '')}` : id;
    if (hosted) created.set(ref, id);
    const shape = { id, amount: input.amount.amount, merchantReference: input.transactionId, product, ...byCheckout(id), ...final };
    const seen = amountReader();
    if (hosted) {
      api().post(`${V2}/hostedcheckouts`, seen.read).reply(201, hostedCheckoutAnswer(ref, input.transactionId));
    } else api().post(P, seen.read).reply(201, redirectAnswer(id, input.amount.amount, input.transactionId));
    const type = final.status === 'REJECTED' ? 'payment.rejected' : sale ? 'payment.captured' : 'payment.pending_capture';
    return {
      payerReturns: async (): Promise<Record<string, string>> => {
        status(ref, shape);
        // Worldline appends the hosted checkout's id to the return URL; the driver reads it by its reference.
        return hosted ? { hostedCheckoutId: ref, RETURNMAC: `mac-${ref}` } : {};
      },
      notifications: async () => [webhook(type, { payment: payment(shape) })],
      amountSeen: seen.amount,
    };
  };
  const followUp = (kind: 'capture' | 'cancel' | 'refund', input: FollowUpInput, outcome: FollowUpOutcome): FollowUpPlay => {
    // Every operation hangs on the payment: a refund's target is the capture, its opening the payment.
    const id = paymentOf(input);
    const opening = { id, amount: input.amount.amount, merchantReference: input.opening?.transactionId ?? '', ...byCheckout(id) };
    if (kind === 'cancel') {
      api().post(`${P}/${id}/cancel`).reply(201, { payment: payment({ ...opening, status: 'CANCELLED', statusCode: 6, statusCategory: 'UNSUCCESSFUL' }) });
      return { notifications: async () => [] };
    }
    const seen = amountReader();
    if (kind === 'refund' && outcome === 'fails') {
      api().post(`${P}/${id}/refund`, seen.read).reply(400, { errorId: 'e-1', errors: [{ errorCode: '50001130', id: 'REFUND_NOT_ALLOWED', message: 'Refund not allowed for this product', httpStatusCode: 400 }] });
      return { notifications: async () => [], amountSeen: seen.amount };
    }
    const operation = id.replace(/_0$/, kind === 'capture' ? '_1' : '_2');
    const pending = kind === 'capture' ? { status: 'CAPTURE_REQUESTED', statusCode: 91, statusCategory: 'PENDING_CONNECT_OR_3RD_PARTY' } : { status: 'REFUND_REQUESTED', statusCode: 81, statusCategory: 'PENDING_CONNECT_OR_3RD_PARTY' };
    api().post(`${P}/${id}/${kind}`, seen.read).reply(201, payment({ id: operation, amount: input.amount.amount, ...pending }));
    const event =
      kind === 'capture'
        ? outcome === 'succeeds'
          ? webhook('payment.captured', { payment: payment({ ...opening, status: 'CAPTURED', statusCode: 9, statusCategory: 'COMPLETED' }) })
          : webhook('payment.rejected_capture', { payment: payment({ ...opening, status: 'REJECTED_CAPTURE', statusCode: 93, statusCategory: 'UNSUCCESSFUL' }) })
        : hosted
          ? // The payment's own event, naming the hosted checkout that created it: the refund's verdict all the same.
            webhook('payment.refunded', { payment: payment({ ...opening, status: 'REFUNDED', statusCode: 8, statusCategory: 'REFUNDED' }) })
          : // As Worldline's own modules read it: payment.refunded carrying the refund, which echoes our refund's reference.
            webhook('payment.refunded', { refund: refund({ id: operation, amount: input.amount.amount, status: 'REFUNDED', statusCode: 8, merchantReference: opening.merchantReference, operationReference: input.transactionId }) });
    return { notifications: async () => [event], amountSeen: seen.amount };
  };
  const declines = Object.fromEntries(
    Object.entries(REFUSALS).map(([category, error]) => [category, async (input: OpenInput) => opening(input, { status: 'REJECTED', statusCode: 2, statusCategory: 'UNSUCCESSFUL', errors: [error] })]),
  );
  return {
    authorize: async (input) => opening(input, payment$),
    declines,
    capture: async (input, outcome) => followUp('capture', input, outcome),
    void: async (input) => followUp('cancel', input, 'succeeds'),
    refund: async (input, outcome) => followUp('refund', input, outcome),
    // Worldline notifies a chargeback on the payment; the driver believes it once GET /payments/{id}/details says CHARGEBACKED.
    chargeback: async (input) => {
      const id = created.get(input.opening?.providerRef ?? '') ?? input.opening?.providerRef ?? input.target.providerRef ?? '';
      const charged = payment({ id, amount: input.amount.amount, merchantReference: input.opening?.transactionId ?? '', product, ...byCheckout(id), status: 'CHARGEBACKED', statusCode: 7, statusCategory: 'COMPLETED' });
      api().get(`${P}/${id}/details`).reply(200, charged);
      // Worldline's payment states no reason nor defence window: the fact has none. The date is the event's.
      return { dispute: { type: 'chargeback', amount: input.amount, status: 'CHARGEBACKED', date: '2026-11-23' }, notifications: async () => [webhook('payment.chargebacked', { payment: charged })] };
    },
    lookup: async (input) => {
      const ref = input.target.providerRef ?? '';
      status(ref, { id: created.get(ref) ?? ref, amount: input.amount.amount, merchantReference: input.target.transactionId ?? '', product, ...payment$ });
    },
    lookupFault: async (input, kind) => {
      const ref = input.target.providerRef ?? '';
      const unavailable = { errorId: 'kit-5xx', errors: [{ errorCode: '50001130', httpStatusCode: 503, id: 'SERVICE_UNAVAILABLE' }] };
      const first = api().get(hosted ? `${V2}/hostedcheckouts/${ref}` : `${P}/${ref}`);
      if (kind === 'reset') first.replyWithError('socket hang up');
      else if (kind === '5xx') first.reply(503, unavailable);
      else first.delay(KIT_HANG_MS).reply(503, unavailable);
    },
    forge: (valid: InboundNotification) => {
      // Every event (a payment's, a refund's) carries an amount: the forger raises the first one tenfold.
      const rawBody = valid.rawBody.replace(/"amount":(\d+)/, (_m, amount: string) => `"amount":${Number(amount) * 10}`);
      const { 'x-gcs-signature': _dropped, ...unsignedHeaders } = valid.headers;
      return { forged: { ...valid, rawBody }, unsigned: { ...valid, headers: unsignedHeaders } };
    },
    holdsEveryCall: async () => holdEveryNockedCall(TEST_BASE),
    // The opening (the payment, or the hosted checkout) is answered "not now", a resend as authorize answers it.
    openingNotNow: async (input, status) => {
      const keys: string[] = [];
      const id = paymentId();
      const ref = hosted ? `hc-${id.replace(/_0$/, '')}` : id;
      const path = hosted ? `${V2}/hostedcheckouts` : P;
      const first = api().post(path).reply(Number(status), notNow(status));
      const resent = hosted ? api().post(path).reply(201, hostedCheckoutAnswer(ref, input.transactionId)) : api().post(path).reply(201, redirectAnswer(id, input.amount.amount, input.transactionId));
      for (const scope of [first, resent]) scope.on('request', (req: { headers: Record<string, string | string[] | undefined> }) => void keys.push(String(req.headers['x-gcs-idempotence-key'])));
      return { keysSeen: () => keys };
    },
    transportFault: async (kind: TransportFault | NotNowStatus, operation, input) => {
      const paymentId = paymentOf(input, 2);
      const path = `${P}/${paymentId}/${operation === 'void' ? 'cancel' : operation}`;
      const keys: string[] = [];
      const answer =
        operation === 'void'
          ? { payment: payment({ id: paymentId, amount: input.amount.amount, merchantReference: input.opening?.transactionId ?? '', status: 'CANCELLED', statusCode: 6, statusCategory: 'UNSUCCESSFUL' }) }
          : (operation === 'capture' ? captureAnswer : refund)({ id: paymentId.replace(/_0$/, '_1'), amount: input.amount.amount, status: operation === 'capture' ? 'CAPTURE_REQUESTED' : 'REFUND_REQUESTED', statusCode: operation === 'capture' ? 91 : 81 });
      const first =
        kind === 'reset'
          ? api().post(path).replyWithError('socket hang up')
          : kind === '5xx'
            ? api().post(path).reply(503, { errorId: 'kit-5xx', errors: [{ errorCode: '50001130', httpStatusCode: 503, id: 'SERVICE_UNAVAILABLE' }] })
            : kind === 'timeout'
              ? api().post(path).delay(KIT_HANG_MS).reply(201, answer)
              : api().post(path).reply(Number(kind), notNow(kind));
      const second = api().post(path).reply(201, answer);
      for (const scope of [first, second]) scope.on('request', (req: { headers: Record<string, string | string[] | undefined> }) => void keys.push(String(req.headers['x-gcs-idempotence-key'])));
      return { keysSeen: () => keys };
    },
  };
}

/** A Worldline driver under one contract as a target of the PSP driver contract kit, nock playing Worldline Direct and its webhooks. */
export function worldlineKitTarget(contract: WorldlineKitContract): PspKitTarget {
  const { method, settings } = CONTRACTS[contract];
  return {
    name: `worldline ${contract}`,
    provider: 'worldline',
    method,
    declines: Object.keys(REFUSALS) as DeclineCategory[],
    signedNotifications: true,
    readsDisputes: true,
    async start(): Promise<PspKitRun> {
      return nockedKitRun({ plugin: WORLDLINE_PLUGIN, settings, script: script(contract) });
    },
  };
}
