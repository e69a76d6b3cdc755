import type { DeclineCategory, FollowUpInput, InboundNotification, Logger, OpenInput } from '@splitpay/domain';
import { nockedKitRun, type FollowUpOutcome, type FollowUpPlay, type OpeningPlay, type PspKitRun, type PspKitScript, type PspKitTarget, type TransportFault } from '@splitpay/psp-testkit';
import nock from 'nock';
import { WORLDLINE_SETTINGS } from '../settings/worldline.settings';
import { createWorldlineProvider } from '../worldline.plugin';
import { MERCHANT, payment, paymentId, redirectAnswer, SETTINGS, TEST_BASE, webhook } from './worldline-fixtures';

/** The refusal Worldline gives for each category the driver maps (the error of the REJECTED payment). */
const REFUSALS: Readonly<Partial<Record<DeclineCategory, Record<string, unknown>>>> = {
  'bank-refusal': { errorCode: '30511001', id: 'PAYMENT_REJECTED', message: 'Payment refused by the issuer' },
  'insufficient-funds': { errorCode: '30051001', id: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds' },
  expired: { errorCode: '30171001', id: 'TIMEOUT', message: 'The payer did not approve in time' },
};
const DRIVER_TIMEOUT_MS = 1_000;
const P = `/v2/${MERCHANT}/payments`;
const PRODUCT = { wero: 900, ancv: SETTINGS.ancvProductId } as const;

/** Nock playing Worldline Direct: POST /payments, the payer's approval in the app, GET on return, and the webhooks. */
function script(method: 'wero' | 'ancv'): PspKitScript {
  const api = () => nock(TEST_BASE);
  const payment$ = method === 'wero' ? { status: 'PENDING_CAPTURE', statusCode: 5, statusCategory: 'PENDING_MERCHANT' } : { status: 'CAPTURED', statusCode: 9, statusCategory: 'COMPLETED' };
  /** The payer goes to the app and back; the return reads the payment; a webhook tells the same. */
  const opening = (input: OpenInput, final: { status: string; statusCode: number; statusCategory: string; errors?: Record<string, unknown>[] }): OpeningPlay => {
    const id = paymentId();
    const shape = { id, amount: input.amount.amount, merchantReference: input.transactionId, product: PRODUCT[method], ...final };
    api().post(P).reply(201, redirectAnswer(id, input.amount.amount, input.transactionId));
    const type = final.status === 'REJECTED' ? 'payment.rejected' : method === 'wero' ? 'payment.pending_capture' : 'payment.captured';
    return {
      payerReturns: async () => {
        api().get(`${P}/${id}`).reply(200, payment(shape));
        return {};
      },
      notifications: async () => [webhook(type, { payment: payment(shape) })],
    };
  };
  const followUp = (kind: 'capture' | 'cancel' | 'refund', input: FollowUpInput, outcome: FollowUpOutcome): FollowUpPlay => {
    // Every operation hangs on the payment: a refund's target is the capture, its opening the payment.
    const id = input.opening?.providerRef ?? input.target.providerRef ?? '';
    const opening = { id, amount: input.amount.amount };
    if (kind === 'cancel') {
      api().post(`${P}/${id}/cancel`).reply(201, { payment: payment({ ...opening, status: 'CANCELLED', statusCode: 6, statusCategory: 'UNSUCCESSFUL' }) });
      return { notifications: async () => [] };
    }
    if (kind === 'refund' && outcome === 'fails') {
      api().post(`${P}/${id}/refund`).reply(400, { errorId: 'e-1', errors: [{ errorCode: '50001130', id: 'REFUND_NOT_ALLOWED', message: 'Refund not allowed for this product', httpStatusCode: 400 }] });
      return { notifications: async () => [] };
    }
    const operation = id.replace(/_0$/, kind === 'capture' ? '_1' : '_2');
    const pending = kind === 'capture' ? { status: 'CAPTURE_REQUESTED', statusCode: 91, statusCategory: 'PENDING_CONNECT_OR_3RD_PARTY' } : { status: 'REFUND_REQUESTED', statusCode: 81, statusCategory: 'PENDING_CONNECT_OR_3RD_PARTY' };
    api().post(`${P}/${id}/${kind}`).reply(201, payment({ id: operation, amount: input.amount.amount, ...pending }));
    const event =
      kind === 'capture'
        ? outcome === 'succeeds'
          ? webhook('payment.captured', { payment: payment({ ...opening, status: 'CAPTURED', statusCode: 9, statusCategory: 'COMPLETED' }) })
          : webhook('payment.rejected_capture', { payment: payment({ ...opening, status: 'REJECTED_CAPTURE', statusCode: 93, statusCategory: 'UNSUCCESSFUL' }) })
        : webhook('refund.refunded', { refund: { ...payment({ id: operation, amount: input.amount.amount, status: 'REFUNDED', statusCode: 8, statusCategory: 'REFUNDED' }), refundOutput: { operationReferences: { merchantReference: input.transactionId } } } });
    return { notifications: async () => [event] };
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
    lookup: async (input) => {
      const id = input.target.providerRef ?? '';
      api().get(`${P}/${id}`).reply(200, payment({ id, amount: input.amount.amount, merchantReference: input.target.transactionId ?? '', ...payment$ }));
    },
    forge: (valid: InboundNotification) => {
      const event = JSON.parse(valid.rawBody) as { payment: { paymentOutput: { amountOfMoney: { amount: number } } } };
      event.payment.paymentOutput.amountOfMoney.amount *= 10;
      const { 'x-gcs-signature': _dropped, ...unsignedHeaders } = valid.headers;
      return { forged: { ...valid, rawBody: JSON.stringify(event) }, unsigned: { ...valid, headers: unsignedHeaders } };
    },
    transportFault: async (kind: TransportFault, operation, input) => {
      const paymentId = input.opening?.providerRef ?? input.target.providerRef ?? '';
      const path = `${P}/${paymentId}/${operation}`;
      const keys: string[] = [];
      const answer = payment({ id: paymentId.replace(/_0$/, '_1'), amount: input.amount.amount, status: operation === 'capture' ? 'CAPTURE_REQUESTED' : 'REFUND_REQUESTED', statusCode: operation === 'capture' ? 91 : 81 });
      const first = kind === 'reset' ? api().post(path).replyWithError('socket hang up') : api().post(path).delay(DRIVER_TIMEOUT_MS * 1.5).reply(201, answer);
      const second = api().post(path).reply(201, answer);
      for (const scope of [first, second]) scope.on('request', (req: { headers: Record<string, string | string[] | undefined> }) => void keys.push(String(req.headers['x-gcs-idempotence-key'])));
      return { keysSeen: () => keys };
    },
  };
}

/** Worldline's drivers as a target of the PSP driver contract kit, nock playing Worldline Direct and its webhooks. */
export function worldlineKitTarget(method: 'wero' | 'ancv'): PspKitTarget {
  return {
    name: `worldline ${method}`,
    provider: 'worldline',
    method,
    declines: Object.keys(REFUSALS) as DeclineCategory[],
    settingSpecs: WORLDLINE_SETTINGS,
    signedNotifications: true,
    async start(logger: Logger): Promise<PspKitRun> {
      return nockedKitRun({ provider: createWorldlineProvider({ logger, timeoutMs: DRIVER_TIMEOUT_MS }), settings: SETTINGS, script: script(method) });
    },
  };
}
