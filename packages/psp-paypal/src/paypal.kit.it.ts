import { createHash } from 'node:crypto';
import nock from 'nock';
import { minorUnitsOf, money, type DeclineCategory, type DriverAck, type FollowUpInput, type InboundNotification, type Money, type OpenInput } from '@splitpay/domain';
import { describePspDriverContract, holdEveryNockedCall, isolateNock, KIT_HANG_MS, type NotNowStatus, type OpeningPlay, type PspKitScript, type PspKitTarget, type TransportFault } from '@splitpay/psp-testkit';
import { PAYPAL_PLUGIN } from './paypal.plugin';
import { CERT_HOST, CERT_PATH, delivery, event } from './testing/paypal-webhook.fixtures';
import { SANDBOX, SETTINGS, authorizedOrder, paypalError } from './testing/paypal.fixtures';
import { makeSigningPair, type SigningPair } from './testing/signing-certificate';

isolateNock();

// nock plays PayPal: its token endpoint, Orders v2, Payments v2, and webhooks signed as PayPal signs them.

const ACCESS_TOKEN = 'A21AAkit-access-token-never-logged';
const DECLINING_ISSUE: Partial<Record<DeclineCategory, string>> = {
  'bank-refusal': 'INSTRUMENT_DECLINED',
  'method-unavailable': 'PAYER_ACCOUNT_RESTRICTED',
  expired: 'CARD_EXPIRED',
  'invalid-card-data': 'CARD_NUMBER_REQUIRED',
};

/** What PayPal holds of one order the kit opened. */
interface OrderState {
  readonly transactionId: string;
  readonly authorizationId: string;
  /** What the order is for. */
  readonly amount: Money;
  authorized: boolean;
  /** The next GET of the order is answered 503 (the kit's 5xx status lookup). */
  failNextGet?: TransportFault;
  readonly captures: { id: string; status: string }[];
}

/**
 * PayPal's decimal string of an amount: ISO 4217's decimals, except the currencies PayPal takes in
 * whole units only (its currency codes page: HUF, JPY, TWD), written without decimals.
 */
const WHOLE_UNITS_ONLY = new Set(['HUF', 'JPY', 'TWD']);
function paypalValue(amount: Money): string {
  const digits = minorUnitsOf(amount.currency);
  const major = amount.amount / 10 ** digits;
  return WHOLE_UNITS_ONLY.has(amount.currency) ? String(major) : major.toFixed(digits);
}
const paypalAmount = (amount: Money) => ({ currency_code: amount.currency, value: paypalValue(amount) });

/** PayPal's "not now": RATE_LIMIT_REACHED (429), or a request not read in time (408). */
const notNow = (status: NotNowStatus) =>
  status === '429' ? { name: 'RATE_LIMIT_REACHED', message: 'Too many requests. Blocked due to rate limiting.', debug_id: 'kit429' } : { name: 'REQUEST_TIMEOUT', message: 'Request timeout.', debug_id: 'kit408' };

const ids = (seed: string, prefix: string) => `${prefix}${createHash('sha256').update(seed).digest('hex').slice(0, 16).toUpperCase()}`;

function paypalScript(pair: SigningPair): PspKitScript {
  const orders = new Map<string, OrderState>();
  /** The amount each request carried, by our transaction id, from PayPal's major-unit decimal to minor units. */
  const amounts = new Map<string, number>();
  const reads = (transactionId: string, amount: { currency_code?: unknown; value?: unknown } | undefined): true => {
    if (typeof amount?.value === 'string' && typeof amount.currency_code === 'string') amounts.set(transactionId, Math.round(Number(amount.value) * 10 ** minorUnitsOf(amount.currency_code)));
    return true;
  };
  const amountSeen = (transactionId: string) => () => amounts.get(transactionId);
  const stateOf = (orderId: string | undefined): OrderState => {
    const state = orderId ? orders.get(orderId) : undefined;
    if (!state) throw new Error(`the kit asked about an order PayPal never created (${orderId})`);
    return state;
  };
  const orderBody = (orderId: string, state: OrderState) => {
    const base = authorizedOrder(orderId, state.transactionId, { authorizationId: state.authorizationId, value: paypalValue(state.amount), currency: state.amount.currency });
    if (!state.authorized) return { id: orderId, status: 'PAYER_ACTION_REQUIRED', links: [] };
    const unit = base.purchase_units[0]!;
    return { ...base, purchase_units: [{ ...unit, payments: { ...unit.payments, captures: state.captures.map((c) => ({ ...c, amount: paypalAmount(state.amount) })) } }] };
  };

  /** PayPal creates the order for `input` and shows it on GET; the payer is sent to payer-action. */
  const created = (input: OpenInput): string => {
    const orderId = ids(input.transactionId, 'O');
    orders.set(orderId, { transactionId: input.transactionId, authorizationId: ids(input.transactionId, 'A'), amount: input.amount, authorized: false, captures: [] });
    nock(SANDBOX)
      .post(
        '/v2/checkout/orders',
        (body: { intent?: string; purchase_units?: { custom_id?: string; amount?: { value?: unknown } }[] }) =>
          body.intent === 'AUTHORIZE' && body.purchase_units?.[0]?.custom_id === input.transactionId && reads(input.transactionId, body.purchase_units[0].amount),
      )
      .matchHeader('paypal-request-id', input.transactionId)
      .reply(201, { id: orderId, status: 'PAYER_ACTION_REQUIRED', links: [{ rel: 'payer-action', href: `https://www.sandbox.paypal.com/checkoutnow?token=${orderId}` }] });
    nock(SANDBOX)
      .get(`/v2/checkout/orders/${orderId}`)
      .times(20)
      .reply(async () => {
        const state = stateOf(orderId);
        const fault = state.failNextGet;
        if (!fault) return [200, orderBody(orderId, state)];
        state.failNextGet = undefined;
        if (fault === 'reset') throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
        if (fault === 'timeout') await new Promise((resolve) => setTimeout(resolve, KIT_HANG_MS));
        return [503, { name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable.', debug_id: 'kit5xx' }];
      });
    return orderId;
  };
  const signed = (eventType: string, resourceType: string, resource: Record<string, unknown>): InboundNotification => delivery(event(eventType, resourceType, resource), pair);
  const payerApproves = (orderId: string): OpeningPlay['payerReturns'] => async () => ({ token: orderId, PayerID: 'KITPAYER42' });

  return {
    authorize: async (input) => {
      const orderId = created(input);
      const state = stateOf(orderId);
      nock(SANDBOX)
        .post(`/v2/checkout/orders/${orderId}/authorize`)
        .matchHeader('paypal-request-id', input.transactionId)
        .reply(() => {
          state.authorized = true;
          return [201, orderBody(orderId, state)];
        });
      return {
        payerReturns: payerApproves(orderId),
        amountSeen: amountSeen(input.transactionId),
        notifications: async (ack: DriverAck) =>
          ack.outcome === 'accepted'
            ? [
                signed('PAYMENT.AUTHORIZATION.CREATED', 'authorization', {
                  id: state.authorizationId,
                  status: 'CREATED',
                  amount: paypalAmount(input.amount),
                  custom_id: input.transactionId,
                  supplementary_data: { related_ids: { order_id: orderId } },
                }),
              ]
            : [],
      };
    },
    declines: Object.fromEntries(
      Object.entries(DECLINING_ISSUE).map(([category, issue]) => [
        category,
        async (input: OpenInput): Promise<OpeningPlay> => {
          const orderId = created(input);
          nock(SANDBOX).post(`/v2/checkout/orders/${orderId}/authorize`).reply(422, paypalError('UNPROCESSABLE_ENTITY', issue!));
          return { payerReturns: payerApproves(orderId), notifications: async () => [] };
        },
      ]),
    ),
    capture: async (input, outcome) => {
      const state = stateOf(input.target.providerRef);
      const captureId = ids(input.transactionId, 'C');
      const path = `/v2/payments/authorizations/${state.authorizationId}/capture`;
      if (outcome === 'fails') {
        nock(SANDBOX)
          .post(path, (body: { amount?: { value?: unknown } }) => reads(input.transactionId, body.amount))
          .matchHeader('paypal-request-id', input.transactionId)
          .reply(422, paypalError('UNPROCESSABLE_ENTITY', 'AUTHORIZATION_EXPIRED'));
        return { notifications: async () => [], amountSeen: amountSeen(input.transactionId) };
      }
      nock(SANDBOX)
        .post(path, (body: { amount?: { currency_code?: unknown; value?: unknown }; final_capture?: unknown; invoice_id?: unknown }) =>
            body.amount?.currency_code === input.amount.currency && body.final_capture === true && body.invoice_id === input.transactionId && reads(input.transactionId, body.amount),
        )
        .matchHeader('paypal-request-id', input.transactionId)
        .reply(() => {
          state.captures.push({ id: captureId, status: 'COMPLETED' });
          return [201, { id: captureId, status: 'COMPLETED', invoice_id: input.transactionId }];
        });
      return {
        amountSeen: amountSeen(input.transactionId),
        notifications: async () => [
          signed('PAYMENT.CAPTURE.COMPLETED', 'capture', {
            id: captureId,
            status: 'COMPLETED',
            amount: paypalAmount(input.amount),
            invoice_id: input.transactionId,
            custom_id: state.transactionId,
            supplementary_data: { related_ids: { order_id: input.target.providerRef, authorization_id: state.authorizationId } },
          }),
        ],
      };
    },
    void: async (input) => {
      const state = stateOf(input.target.providerRef);
      nock(SANDBOX).post(`/v2/payments/authorizations/${state.authorizationId}/void`).matchHeader('paypal-request-id', input.transactionId).reply(204);
      return { notifications: async () => [] };
    },
    refund: async (input, outcome) => {
      // The kit refunds what took the money: the capture, by PayPal's id of it.
      const capture = input.target.providerRef;
      if (!capture || ![...orders.values()].some((o) => o.captures.some((c) => c.id === capture))) throw new Error(`the kit refunds a capture PayPal never made (${capture})`);
      const refundId = ids(input.transactionId, 'R');
      const refund = nock(SANDBOX)
        .post(`/v2/payments/captures/${capture}/refund`, (body: { amount?: { value?: unknown } }) => reads(input.transactionId, body.amount))
        .matchHeader('paypal-request-id', input.transactionId);
      if (outcome === 'fails') {
        refund.reply(422, paypalError('UNPROCESSABLE_ENTITY', 'REFUND_NOT_ALLOWED'));
        return { notifications: async () => [], amountSeen: amountSeen(input.transactionId) };
      }
      refund.reply(201, { id: refundId, status: 'COMPLETED', custom_id: input.transactionId });
      return {
        amountSeen: amountSeen(input.transactionId),
        notifications: async () => [
          signed('PAYMENT.CAPTURE.REFUNDED', 'refund', {
            id: refundId,
            status: 'COMPLETED',
            amount: paypalAmount(input.amount),
            custom_id: input.transactionId,
            links: [{ rel: 'up', href: `${SANDBOX}/v2/payments/captures/${capture}` }],
          }),
        ],
      };
    },
    // The payer opens a dispute on the capture (PayPal's seller_transaction_id); PayPal gives the seller until its due date.
    chargeback: async (input) => {
      const capture = input.target.providerRef ?? '';
      const disputed = paypalAmount(money(input.amount.amount / 4, input.amount.currency));
      const dispute = signed('CUSTOMER.DISPUTE.CREATED', 'dispute', {
        dispute_id: 'PP-D-KIT01',
        create_time: '2031-02-03T08:00:00.000Z',
        update_time: '2031-02-03T08:00:00.000Z',
        disputed_transactions: [{ seller_transaction_id: capture }],
        reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
        status: 'OPEN',
        dispute_amount: disputed,
        seller_response_due_date: '2031-02-23T08:00:00.000Z',
        dispute_life_cycle_stage: 'CHARGEBACK',
      });
      return {
        dispute: { type: 'chargeback', amount: money(input.amount.amount / 4, input.amount.currency), reasonCode: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED', status: 'OPEN', date: '2031-02-03', validUntil: '2031-02-23' },
        notifications: async () => [dispute],
      };
    },
    // The order's GET already shows the authorization.
    lookup: async () => undefined,
    lookupFault: async (input, kind) => {
      stateOf(input.target.providerRef).failNextGet = kind;
    },
    forge: (valid) => {
      const headers = Object.fromEntries(Object.entries(valid.headers).filter(([name]) => name.toLowerCase() !== 'paypal-transmission-sig'));
      return {
        // Every event (an authorization's, a capture's, a refund's, a dispute's) carries an amount: the forger changes the first.
        forged: { ...valid, rawBody: valid.rawBody.replace(/"value":"[^"]*"/, '"value":"999.00"') },
        unsigned: { ...valid, headers },
      };
    },
    holdsEveryCall: async () => holdEveryNockedCall(SANDBOX, CERT_HOST),
    // The order's creation is answered "not now", a resend as authorize answers it.
    openingNotNow: async (input, status) => {
      const keys: string[] = [];
      const orderId = ids(input.transactionId, 'O');
      const first = nock(SANDBOX).post('/v2/checkout/orders').reply(Number(status), notNow(status));
      const resent = nock(SANDBOX)
        .post('/v2/checkout/orders')
        .reply(201, { id: orderId, status: 'PAYER_ACTION_REQUIRED', links: [{ rel: 'payer-action', href: `https://www.sandbox.paypal.com/checkoutnow?token=${orderId}` }] });
      for (const scope of [first, resent]) scope.on('request', (req: { headers: Record<string, string | string[] | undefined> }) => void keys.push(String(req.headers['paypal-request-id'])));
      return { keysSeen: () => keys };
    },
    transportFault: async (kind, operation, input: FollowUpInput) => {
      const keys: string[] = [];
      // Capture and void name the order's authorization; a refund names the capture (its target).
      const path =
        operation === 'refund' ? `/v2/payments/captures/${input.target.providerRef ?? ''}/refund` : `/v2/payments/authorizations/${stateOf(input.target.providerRef).authorizationId}/${operation}`;
      const seen = (key: string) => {
        keys.push(key);
        return true;
      };
      const first = nock(SANDBOX).post(path).matchHeader('paypal-request-id', seen);
      if (kind === 'reset') first.replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
      else if (kind === '5xx') first.reply(503, { name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable.', debug_id: 'kit5xx' });
      else if (kind === 'timeout') first.delay(KIT_HANG_MS).reply(201, { id: 'LATE', status: 'COMPLETED' });
      else first.reply(Number(kind), notNow(kind));
      const retried = nock(SANDBOX).post(path).matchHeader('paypal-request-id', seen);
      if (operation === 'void') retried.reply(204);
      else retried.reply(201, { id: ids(input.transactionId, operation === 'capture' ? 'C' : 'R'), status: 'COMPLETED', ...(operation === 'capture' ? { invoice_id: input.transactionId } : { custom_id: input.transactionId }) });
      return { keysSeen: () => keys };
    },
  };
}

function paypalKitTarget(): PspKitTarget {
  let pair: SigningPair | undefined;
  return {
    name: 'psp-paypal paypal',
    provider: 'paypal',
    method: 'paypal',
    declines: Object.keys(DECLINING_ISSUE) as DeclineCategory[],
    signedNotifications: true,
    readsDisputes: true,
    async start() {
      pair ??= makeSigningPair();
      nock(SANDBOX).persist().post('/v1/oauth2/token').reply(200, { access_token: ACCESS_TOKEN, token_type: 'Bearer', expires_in: 32_400 });
      nock(CERT_HOST).persist().get(CERT_PATH).reply(200, pair.certificatePem);
      return {
        plugin: PAYPAL_PLUGIN,
        settings: SETTINGS,
        notificationUrl: 'https://pay.splitpay.test/psp/paypal/notifications',
        returnUrl: (attemptId) => `https://pay.splitpay.test/elements/return/${attemptId}`,
        script: paypalScript(pair),
        secrets: [ACCESS_TOKEN, Buffer.from(`${SETTINGS.clientId}:${SETTINGS.clientSecret}`).toString('base64')],
        stop: async () => {
          nock.abortPendingRequests();
          nock.cleanAll();
        },
      };
    },
  };
}

describePspDriverContract(paypalKitTarget());
