import type { FollowUpInput, OpenInput, PlanKey } from '@splitpay/domain';
import { holdEveryNockedCall, KIT_HANG_MS, nockedKitRun, type FollowUpOutcome, type FollowUpPlay, type NotNowStatus, type OpeningPlay, type PspKitRun, type PspKitScript, type PspKitTarget, type TransportFault } from '@splitpay/psp-testkit';
import nock from 'nock';
import { toMajor } from '../mapping/amounts';
import { ONEY_PLUGIN } from '../oney.plugin';
import { FINANCING_ORDER, oneyNotification, PURCHASE_PATH, purchasePathOf, SETTINGS, STAGING_BASE, statusAnswer } from './oney-fixtures';

const PLAN: PlanKey = { installments: 3, withFees: false };
/** "Not now" from Azure API Management before Oney: 429 past the rate limit, 408 when the request was not read in time. */
const notNow = (status: NotNowStatus) => ({ statusCode: Number(status), message: status === '429' ? 'Rate limit is exceeded. Try again in 1 seconds.' : 'Request timeout' });
const ERROR = (label: string) => ({ Payment_Error_Response: { error_list: [{ field: 'purchase', error_code: 'ERR_STATUS', error_label: label }] } });

/**
 * The amount of the request nock matched, converted from Oney's major units to minor units: a
 * purchase's or a confirm's `payment.payment_amount`, a cancel's `purchase.cancellation_amount`.
 */
function amountReader(): { read(body: Record<string, unknown>): true; amount(): number | undefined } {
  let value: number | undefined;
  return {
    read: (body) => {
      const found = (body.payment as { payment_amount?: unknown } | undefined)?.payment_amount ?? (body.purchase as { cancellation_amount?: unknown } | undefined)?.cancellation_amount;
      value = typeof found === 'number' ? Math.round(found * 100) : undefined;
      return true;
    },
    amount: () => value,
  };
}

/** Nock playing Oney: the purchase, the status query every notification is checked with, confirm and cancel. */
function script(): PspKitScript {
  const api = () => nock(STAGING_BASE);
  /** The purchase answers a payment page; the lender's verdict is the status query's answer, notified by a hint. */
  const purchase = (input: OpenInput, statusCode: string): OpeningPlay => {
    const seen = amountReader();
    api().post(PURCHASE_PATH, seen.read).reply(200, { returned_url: `https://oney-staging.example/facilypay/${input.transactionId}` });
    return {
      payerReturns: async () => ({}),
      notifications: async () => {
        api().get(purchasePathOf(input.transactionId)).query(true).reply(200, statusAnswer(statusCode, toMajor(input.amount))).persist();
        return [oneyNotification(input.transactionId, statusCode)];
      },
      amountSeen: seen.amount,
    };
  };
  const action = (input: FollowUpInput, path: 'confirm' | 'cancel', outcome: FollowUpOutcome, done: string): FollowUpPlay => {
    const reference = input.opening?.transactionId ?? input.target.transactionId ?? '';
    const seen = amountReader();
    const scope = api().post(`${purchasePathOf(reference)}/action/${path}`, seen.read);
    if (outcome === 'succeeds') scope.reply(200, { language_code: 'EN', purchase: { status_code: done, status_label: `status ${done}` } });
    else scope.reply(400, ERROR('the purchase is not in a status that allows it'));
    return { notifications: async () => [], amountSeen: seen.amount };
  };
  return {
    authorize: async (input) => purchase(input, 'FAVORABLE'),
    declines: { 'bank-refusal': async (input) => purchase(input, 'REFUSED') },
    capture: async (input, outcome) => action(input, 'confirm', outcome, 'FUNDED'),
    void: async (input) => action(input, 'cancel', 'succeeds', 'CANCELLED'),
    refund: async (input, outcome) => action(input, 'cancel', outcome, 'CANCELLED'),
    // The status query already answers FAVORABLE for the opening (persisted since its notification).
    lookup: async () => undefined,
    // The persisted FAVORABLE answer would match first: it is dropped, the 503 put before it, then it again.
    lookupFault: async (input, kind) => {
      const reference = input.target.transactionId ?? '';
      nock.cleanAll();
      const first = api().get(purchasePathOf(reference)).query(true);
      if (kind === 'reset') first.replyWithError('socket hang up');
      else if (kind === '5xx') first.reply(503, ERROR('service unavailable'));
      else first.delay(KIT_HANG_MS).reply(200, statusAnswer('FAVORABLE', toMajor(input.amount)));
      api().get(purchasePathOf(reference)).query(true).reply(200, statusAnswer('FAVORABLE', toMajor(input.amount))).persist();
    },
    // A forger's hint: FAVORABLE for a purchase whose status query (persisted since its notification) says REFUSED.
    claimAuthorized: (valid) => oneyNotification(valid.query.reference ?? '', 'FAVORABLE'),
    holdsEveryCall: async () => holdEveryNockedCall(STAGING_BASE),
    // The purchase is answered "not now", a resend as authorize answers it; its key is the body's merchant_request_id.
    openingNotNow: async (input, status) => {
      const keys: string[] = [];
      const first = api().post(PURCHASE_PATH).reply(Number(status), notNow(status));
      const resent = api().post(PURCHASE_PATH).reply(200, { returned_url: `https://oney-staging.example/facilypay/${input.transactionId}` });
      for (const scope of [first, resent]) {
        scope.on('request', (_req: unknown, _interceptor: unknown, body: string) => void keys.push(String((JSON.parse(body) as { merchant_request_id?: unknown }).merchant_request_id)));
      }
      return { keysSeen: () => keys };
    },
    transportFault: async (kind: TransportFault | NotNowStatus, operation, input) => {
      const reference = input.opening?.transactionId ?? input.target.transactionId ?? '';
      const path = `${purchasePathOf(reference)}/action/${operation === 'capture' ? 'confirm' : 'cancel'}`;
      const keys: string[] = [];
      const answer = { purchase: { status_code: operation === 'capture' ? 'FUNDED' : 'CANCELLED' } };
      const first =
        kind === 'reset'
          ? api().post(path).replyWithError('socket hang up')
          : kind === '5xx'
            ? api().post(path).reply(503, ERROR('service unavailable'))
            : kind === 'timeout'
              ? api().post(path).delay(KIT_HANG_MS).reply(200, answer)
              : api().post(path).reply(Number(kind), notNow(kind));
      const second = api().post(path).reply(200, answer);
      for (const scope of [first, second]) {
        scope.on('request', (_req: unknown, _interceptor: unknown, body: string) => void keys.push(String((JSON.parse(body) as { merchant_request_id?: unknown }).merchant_request_id)));
      }
      return { keysSeen: () => keys };
    },
  };
}

/** Oney's driver as a target of the PSP driver contract kit, nock playing the payment API. */
export function oneyKitTarget(): PspKitTarget {
  return {
    name: 'oney oney',
    provider: 'oney',
    method: 'oney',
    declines: ['bank-refusal'],
    // Oney's notifications are unsigned hints, confirmed by the status query.
    signedNotifications: false,
    // A consumer credit has no scheme chargeback: Oney's reader knows no dispute.
    readsDisputes: false,
    order: FINANCING_ORDER as PspKitTarget['order'],
    plan: PLAN,
    contract: { plans: [{ ...PLAN, feeRate: 0, apr: 0 }] },
    async start(): Promise<PspKitRun> {
      return nockedKitRun({ plugin: ONEY_PLUGIN, settings: SETTINGS, script: script() });
    },
  };
}
