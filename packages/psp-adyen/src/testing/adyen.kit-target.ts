import { money, type DeclineCategory, type FollowUpInput, type InboundNotification, type OpenInput } from '@splitpay/domain';
import { holdEveryNockedCall, KIT_HANG_MS, nockedKitRun, type FollowUpOutcome, type FollowUpPlay, type NotNowStatus, type OpeningPlay, type PspKitRun, type PspKitScript, type PspKitTarget, type TransportFault } from '@splitpay/psp-testkit';
import nock from 'nock';
import { adyenPlugin } from '../adyen.plugin';
import { authorised, authorisedStoring, cancelReceived, captureReceived, detailsAuthorised, partiallyAuthorised, redirectShopper, refundReceived, refused } from './adyen-answers';
import { APPLE_PAY_DATA, cardInput, ENCRYPTED_CARD, notificationItem, SERVICE_BASE, SETTINGS, TEST_BASE, uncountedMetrics, webhook } from './adyen-fixtures';

/** The refusal Adyen gives for each category the driver maps (refusalReasonCode, refusalReason). */
const REFUSALS: Readonly<Partial<Record<DeclineCategory, readonly [string, string]>>> = {
  'bank-refusal': ['2', 'Refused'],
  'insufficient-funds': ['12', 'Not enough balance'],
  expired: ['6', 'Expired Card'],
  'invalid-card-data': ['24', 'CVC Declined'],
  'authentication-failed': ['11', '3D Not Authenticated'],
};
const STORED_CARD_ID = 'M5N7TQ4TG5PFWR50';
/** What the page's Adyen Web hands over after the fingerprint and the challenge (secrets: never logged, never answered). */
const KIT_3DS_RESULTS = { fingerprint: 'eyJ0cmFuc1N0YXR1cyI6IkMifQ-kit-fingerprint-result', challenge: 'eyJ0cmFuc1N0YXR1cyI6IlkifQ-kit-challenge-result' };
/** Adyen Web's card state.data with the page's origin and browser: native 3-D Secure 2 is asked. */
const nativeCardInput = (): Record<string, unknown> => {
  const base = cardInput();
  const state = JSON.parse(String(base.token)) as Record<string, unknown>;
  return { ...base, token: JSON.stringify({ ...state, origin: 'https://shop.example' }) };
};
/** Adyen's "not now": 429 when the API's rate limit is reached, 408 when the request was not read in time. */
const notNow = (status: NotNowStatus) =>
  status === '429' ? { status: 429, errorCode: '429', message: 'Too Many Requests', errorType: 'validation' } : { status: 408, errorCode: '000', message: 'Request Timeout', errorType: 'internal' };
const MODIFICATIONS = { capture: ['captures', 'CAPTURE'], void: ['cancels', 'CANCELLATION'], refund: ['refunds', 'REFUND'] } as const;

let refs = 0;
const pspReference = (): string => `KIT${Date.now()}${++refs}`.slice(-16);

/** Adyen's 201 to a capture, cancel or refund of `paymentRef`. */
function received(kind: keyof typeof MODIFICATIONS, input: FollowUpInput, paymentRef: string, ref: string): object {
  const modified = { merchantAccount: SETTINGS.merchantAccount, paymentPspReference: paymentRef, pspReference: ref, reference: input.transactionId };
  return kind === 'void' ? cancelReceived(modified) : kind === 'capture' ? captureReceived(modified, input.amount) : refundReceived(modified, input.amount);
}

/** The amount of the request nock matched: Adyen's `amount.value` is in minor units already. */
function amountReader(): { read(body: Record<string, unknown>): true; amount(): number | undefined } {
  let value: number | undefined;
  return {
    read: (body) => {
      const amount = body.amount as { value?: unknown } | undefined;
      value = typeof amount?.value === 'number' ? amount.value : undefined;
      return true;
    },
    amount: () => value,
  };
}

/** Nock playing Adyen: the answers of the Checkout API and the webhooks Adyen posts, signed with the contract's key. */
function script(method: 'card' | 'applepay'): PspKitScript {
  const api = () => nock(TEST_BASE);
  /** The payment answer, to /payments (card open, Apple Pay confirm), and the AUTHORISATION webhook after it. */
  const paying = (answer: (ref: string) => object, webhookItem?: (ref: string) => Record<string, unknown>, asked: (body: Record<string, unknown>) => boolean = () => true): OpeningPlay => {
    const ref = pspReference();
    const seen = amountReader();
    api()
      .post('/v71/payments', (body: Record<string, unknown>) => asked(body) && seen.read(body))
      .reply(200, answer(ref));
    return {
      ...(method === 'card' ? { payerInput: cardInput() } : { walletToken: { method: 'applepay', paymentToken: APPLE_PAY_DATA } }),
      notifications: async () => (webhookItem ? [webhook([webhookItem(ref)])] : []),
      amountSeen: seen.amount,
    };
  };
  const authorisation = (input: OpenInput, success: boolean, reason?: string) => (ref: string) =>
    notificationItem({ eventCode: 'AUTHORISATION', success, pspReference: ref, merchantReference: input.transactionId, amount: input.amount.amount, currency: input.amount.currency, paymentMethod: 'visa', ...(reason ? { reason } : {}) });
  const modification = (kind: keyof typeof MODIFICATIONS, input: FollowUpInput, outcome: FollowUpOutcome): FollowUpPlay => {
    const [path, eventCode] = MODIFICATIONS[kind];
    // Adyen modifies payments: a refund of a capture is made on the payment's pspReference.
    const paymentRef = input.opening?.providerRef ?? input.target.providerRef ?? '';
    const ref = pspReference();
    const seen = amountReader();
    api()
      .post(`/v71/payments/${paymentRef}/${path}`, (body: Record<string, unknown>) => seen.read(body))
      .reply(201, received(kind, input, paymentRef, ref));
    const item = notificationItem({ eventCode, success: outcome === 'succeeds', pspReference: ref, originalReference: paymentRef, merchantReference: input.transactionId, amount: input.amount.amount, currency: input.amount.currency, ...(outcome === 'fails' ? { reason: 'Insufficient balance on payment' } : {}) });
    return { notifications: async () => [webhook([item])], amountSeen: seen.amount };
  };
  const declines = Object.fromEntries(
    Object.entries(REFUSALS).map(([category, [code, reason]]) => [
      category,
      async (input: OpenInput) => paying((ref) => refused(ref, input.transactionId, code, reason), authorisation(input, false, reason)),
    ]),
  );
  return {
    authorize: async (input) =>
      input.registerAlias
        ? // Asked to store the card, Adyen answers its stored payment method id: the card alias.
          paying((ref) => authorisedStoring(ref, input.transactionId, STORED_CARD_ID), authorisation(input, true), (body) => body.storePaymentMethod === true && typeof body.shopperReference === 'string')
        : paying((ref) => authorised(ref, input.transactionId), authorisation(input, true)),
    declines: method === 'card' ? declines : { 'bank-refusal': declines['bank-refusal'], 'insufficient-funds': declines['insufficient-funds'] } as PspKitScript['declines'],
    ...(method === 'card'
      ? {
          partialGrant: async (input: OpenInput) => ({
            ...paying((ref) => partiallyAuthorised(ref, input.transactionId, money(input.amount.amount * 0.6, input.amount.currency))),
            granted: money(input.amount.amount * 0.6, input.amount.currency),
          }),
          // Native 3-D Secure 2: a fingerprint, its result answered by a challenge, its result acknowledged; the verdict by webhook.
          inPageAction: async (input: OpenInput) => {
            const ref = pspReference();
            const action = (subtype: 'fingerprint' | 'challenge') => ({ type: 'threeDS2', subtype, paymentMethodType: 'scheme', token: `eyJ0-kit-${subtype}`, paymentData: `Ab02b4c0!kit-${subtype}` });
            api().post('/v71/payments').reply(200, { resultCode: 'IdentifyShopper', pspReference: ref, action: action('fingerprint') });
            return {
              payerInput: nativeCardInput(),
              pageRuns: async (pageAction) => {
                const subtype = pageAction.action.subtype === 'fingerprint' ? 'fingerprint' : 'challenge';
                const result = KIT_3DS_RESULTS[subtype];
                api()
                  .post('/v71/payments/details', { details: { threeDSResult: result } })
                  .reply(200, subtype === 'fingerprint' ? { resultCode: 'ChallengeShopper', pspReference: ref, action: action('challenge') } : { resultCode: 'Received', pspReference: ref });
                return { threeDSResult: result };
              },
              notifications: async () => [webhook([authorisation(input, true)(ref)])],
            };
          },
          redirect: async (input: OpenInput) => {
            const ref = pspReference();
            api().post('/v71/payments').reply(200, redirectShopper(ref, 'https://checkoutshopper-test.adyen.com/checkoutshopper/threeDS/redirect?MD=kit'));
            return {
              payerInput: cardInput(),
              payerReturns: async () => {
                api().post('/v71/payments/details', { details: { redirectResult: 'X6XtfGC3!Y-kit' } }).reply(200, detailsAuthorised(ref, input.transactionId));
                return { redirectResult: 'X6XtfGC3!Y-kit' };
              },
              notifications: async () => [webhook([authorisation(input, true)(ref)])],
            };
          },
        }
      : {}),
    capture: async (input, outcome) => modification('capture', input, outcome),
    void: async (input) => modification('void', input, 'succeeds'),
    refund: async (input, outcome) => modification('refund', input, outcome),
    // Adyen names a dispute by the payment (originalReference), whatever took the money; the item's own pspReference is the dispute's.
    chargeback: async (input) => {
      const paymentRef = input.opening?.providerRef ?? input.target.providerRef ?? '';
      const amount = money(input.amount.amount / 4, input.amount.currency);
      const item = notificationItem({
        eventCode: 'CHARGEBACK',
        pspReference: pspReference(),
        originalReference: paymentRef,
        merchantReference: input.opening?.transactionId ?? input.target.transactionId ?? '',
        amount: amount.amount,
        currency: amount.currency,
        eventDate: '2031-02-03T10:00:00+01:00',
        additionalData: { chargebackReasonCode: '10.4', defensePeriodEndsAt: '2031-02-20T00:00:00+01:00' },
      });
      return { dispute: { type: 'chargeback', amount, reasonCode: '10.4', status: 'CHARGEBACK', date: '2031-02-03', validUntil: '2031-02-20' }, notifications: async () => [webhook([item])] };
    },
    forge: (valid: InboundNotification) => {
      const batch = JSON.parse(valid.rawBody) as { notificationItems: { NotificationRequestItem: Record<string, unknown> }[] };
      const item = batch.notificationItems[0]?.NotificationRequestItem ?? {};
      const amount = item.amount as { value: number; currency: string };
      const tampered = { ...batch, notificationItems: [{ NotificationRequestItem: { ...item, amount: { ...amount, value: amount.value * 10 } } }] };
      const { hmacSignature: _dropped, ...rest } = item.additionalData as Record<string, unknown>;
      const unsigned = { ...batch, notificationItems: [{ NotificationRequestItem: { ...item, additionalData: rest } }] };
      return { forged: { ...valid, rawBody: JSON.stringify(tampered) }, unsigned: { ...valid, rawBody: JSON.stringify(unsigned) } };
    },
    holdsEveryCall: async () => holdEveryNockedCall(TEST_BASE),
    // The payment call (the card's open, Apple Pay's confirm) is answered "not now", a resend as authorize answers it.
    openingNotNow: async (input, status) => {
      const keys: string[] = [];
      const first = api().post('/v71/payments').reply(Number(status), notNow(status));
      const resent = api().post('/v71/payments').reply(200, authorised(pspReference(), input.transactionId));
      for (const scope of [first, resent]) scope.on('request', (req: { headers: Record<string, string | string[] | undefined> }) => void keys.push(String(req.headers['idempotency-key'])));
      const page = method === 'card' ? { payerInput: cardInput() } : { walletToken: { method: 'applepay', paymentToken: APPLE_PAY_DATA } };
      return { ...page, keysSeen: () => keys };
    },
    transportFault: async (kind: TransportFault | NotNowStatus, operation, input) => {
      const path = `/v71/payments/${input.opening?.providerRef ?? input.target.providerRef ?? ''}/${MODIFICATIONS[operation][0]}`;
      const keys: string[] = [];
      const answer = () => received(operation, input, input.opening?.providerRef ?? input.target.providerRef ?? '', pspReference());
      const first =
        kind === 'reset'
          ? api().post(path).replyWithError('socket hang up')
          : kind === '5xx'
            ? api().post(path).reply(500, { status: 500, errorCode: '000', message: 'Unexpected error', errorType: 'internal' })
            : kind === 'timeout'
              ? api().post(path).delay(KIT_HANG_MS).reply(201, answer())
              : api().post(path).reply(Number(kind), notNow(kind));
      const second = api().post(path).reply(201, answer());
      for (const scope of [first, second]) scope.on('request', (req: { headers: Record<string, string | string[] | undefined> }) => void keys.push(String(req.headers['idempotency-key'])));
      return { keysSeen: () => keys };
    },
  };
}

/** Adyen's drivers as a target of the PSP driver contract kit, nock playing the Checkout API and its webhooks. */
export function adyenKitTarget(method: 'card' | 'applepay'): PspKitTarget {
  return {
    name: `adyen ${method}`,
    provider: 'adyen',
    method,
    declines: method === 'card' ? (Object.keys(REFUSALS) as DeclineCategory[]) : ['bank-refusal', 'insufficient-funds'],
    signedNotifications: true,
    readsDisputes: true,
    async start(): Promise<PspKitRun> {
      return nockedKitRun({ plugin: adyenPlugin({ publicBaseUrl: SERVICE_BASE, metrics: uncountedMetrics }), settings: SETTINGS, script: script(method), secrets: [...Object.values(ENCRYPTED_CARD).filter((v) => v.startsWith('test_')), JSON.parse(APPLE_PAY_DATA).data as string, Buffer.from(APPLE_PAY_DATA).toString('base64'), ...Object.values(KIT_3DS_RESULTS)] });
    },
  };
}
