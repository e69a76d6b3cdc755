import { chargebackNotificationId, money, type NotificationContext, type PspFact } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import nock from 'nock';
import { isolateNock } from '@splitpay/psp-testkit';
import { MERCHANT, operation, payment, paymentDetails, refund as refundObject, SETTINGS, TEST_BASE, webhook, webhookEvent } from '../testing/worldline-fixtures';
import { webhookSignature } from './webhook-signature';
import { createWorldlineProvider } from '../worldline.plugin';

const ID = '4000012345_0';
const TX = 'tx-1';
const logger = new CapturingLogger();
const provider = createWorldlineProvider({ clock: { now: () => Date.now() }, logger, timeoutMs: 1_000 });
const asked: { ref?: unknown } = {};
const context: NotificationContext = {
  settingsFor: async (ref) => {
    asked.ref = ref;
    return ref.providerRef === ID ? SETTINGS : undefined;
  },
};
const pay = (status: string, statusCode: number, extra: Partial<Parameters<typeof payment>[0]> = {}) => payment({ id: ID, status, statusCode, amount: 5_000, merchantReference: TX, ...extra });
const facts = async (n: ReturnType<typeof webhook>): Promise<readonly PspFact[]> => {
  const parsed = await provider.parseNotification(n, context);
  if (parsed.kind !== 'accepted') throw new Error(parsed.reason);
  expect(parsed.reply.status).toBe(200);
  return parsed.facts;
};
const opening = { transactionId: TX, providerRef: ID };
const onPayment = { providerRef: ID };
const authorized = (amount = 5_000, code = '5', chosen = false): PspFact => ({ kind: 'authorized', ref: opening, providerRef: ID, granted: money(amount, 'EUR'), ...(chosen ? { chosenByPayer: true } : {}), statusCode: code });

isolateNock();
afterEach(() => nock.cleanAll());

describe('Worldline webhooks -> facts', () => {
  it.each([
    ['payment.pending_capture', pay('PENDING_CAPTURE', 5), [authorized()]],
    // Still collecting: a direct payment is not taken yet (D86).
    ['payment.capture_requested', pay('CAPTURE_REQUESTED', 91), []],
    ['payment.captured', pay('CAPTURED', 9), [authorized(5_000, '9'), { kind: 'captured', success: true, ref: onPayment, statusCode: '9' }]],
    ['payment.paid', pay('PAID', 1000), [authorized(5_000, '1000'), { kind: 'captured', success: true, ref: onPayment, statusCode: '1000' }]],
    ['payment.rejected', pay('REJECTED', 2, { errors: [{ id: 'INSUFFICIENT_FUNDS' }] }), [{ kind: 'declined', ref: opening, providerRef: ID, category: 'insufficient-funds', statusCode: '2' }]],
    // A direct payment never collected is declined; a hold's capture failed: the service keeps what applies.
    ['payment.rejected_capture', pay('REJECTED_CAPTURE', 93), [{ kind: 'declined', ref: opening, providerRef: ID, category: 'bank-refusal', statusCode: '93' }, { kind: 'captured', success: false, ref: onPayment, statusCode: '93', statusMessage: 'Worldline rejected the capture' }]],
    ['payment.cancelled', pay('CANCELLED', 6), [{ kind: 'cancelled-by-payer', ref: opening, providerRef: ID, statusCode: '6' }, { kind: 'voided', success: true, ref: onPayment, statusCode: '6' }]],
    ['payment.refunded', pay('REFUNDED', 8), [{ kind: 'refunded', success: true, inFull: true, ref: onPayment, statusCode: '8' }]],
    ['payment.created', pay('CREATED', 0), []],
    ['payment.redirected', pay('REDIRECTED', 46), []],
    ['payment.authorization_requested', pay('AUTHORIZATION_REQUESTED', 51), []],
  ] as const)('%s', async (type, object, expected) => {
    expect(await facts(webhook(type, { payment: object }))).toEqual(expected);
  });

  it('refund events name the refund operation', async () => {
    const refund = (status: string) => refundObject({ id: '4000012345_2', status, statusCode: status === 'REJECTED' ? 83 : 81, amount: 1_000 });
    const ctx: NotificationContext = { settingsFor: async (ref) => (ref.providerRef === ID ? SETTINGS : undefined) };
    const read = async (type: string, status: string) => {
      const parsed = await provider.parseNotification(webhook(type, { refund: refund(status) }), ctx);
      return parsed.kind === 'accepted' ? parsed.facts : parsed.reason;
    };
    expect(await read('refund.refund_requested', 'REFUND_REQUESTED')).toEqual([]);
    expect(await read('refund.rejected', 'REJECTED')).toEqual([{ kind: 'refunded', success: false, ref: { providerRef: '4000012345_2' }, statusCode: 'REJECTED', statusMessage: 'Worldline rejected the refund' }]);
    expect(await read('refund.refunded', 'REFUNDED')).toEqual([{ kind: 'refunded', success: true, ref: { providerRef: '4000012345_2' }, statusCode: 'REFUNDED' }]);
    // Our refund's transaction id, when Worldline echoes the operation reference we sent.
    const echoed = refundObject({ id: '4000012345_2', status: 'REFUNDED', statusCode: 81, amount: 1_000, operationReference: 'refund-tx-1' });
    const parsed = await provider.parseNotification(webhook('refund.refunded', { refund: echoed }), ctx);
    expect(parsed.kind === 'accepted' ? parsed.facts : parsed.reason).toEqual([{ kind: 'refunded', success: true, ref: { transactionId: 'refund-tx-1', providerRef: '4000012345_2' }, statusCode: 'REFUNDED' }]);
  });

  it('an ANCV sale whose acquired amount is below the asked one is a chosen partial', async () => {
    expect(await facts(webhook('payment.captured', { payment: pay('CAPTURED', 9, { acquired: 2_000, product: 5412 }) }))).toContainEqual(authorized(2_000, '9', true));
    // A payment whose product is not named is granted what was collected, never more.
    expect(await facts(webhook('payment.captured', { payment: pay('CAPTURED', 9, { acquired: 2_000 }) }))).toContainEqual(authorized(2_000, '9', true));
    // Wero collects all or nothing: its amount is the grant.
    expect(await facts(webhook('payment.captured', { payment: pay('CAPTURED', 9, { acquired: 2_000, product: 900 }) }))).toContainEqual(authorized(5_000, '9'));
  });

  it('asks the settings of the operation our merchantReference and the opening id name', async () => {
    await facts(webhook('payment.pending_capture', { payment: pay('PENDING_CAPTURE', 5, { id: '4000012345_1' }) }));
    expect(asked.ref).toEqual({ transactionId: TX, providerRef: ID });
  });

  it.each([
    ['no signature', () => { const n = webhook('payment.captured', { payment: pay('CAPTURED', 9) }); const { 'x-gcs-signature': _s, ...h } = n.headers; return { ...n, headers: h }; }, /^unsigned:/],
    ['no key id', () => { const n = webhook('payment.captured', { payment: pay('CAPTURED', 9) }); const { 'x-gcs-keyid': _k, ...h } = n.headers; return { ...n, headers: h }; }, /^unsigned:/],
    ['another key id', () => webhook('payment.captured', { payment: pay('CAPTURED', 9) }, SETTINGS.webhookSecret, 'wh-key-2'), /^forged:/],
    ['another secret', () => webhook('payment.captured', { payment: pay('CAPTURED', 9) }, 'not-the-secret'), /^forged:/],
    ['a changed body', () => { const n = webhook('payment.captured', { payment: pay('CAPTURED', 9) }); return { ...n, rawBody: n.rawBody.replace('5000', '50000') }; }, /^forged:/],
    ['an operation no contract serves', () => webhook('payment.captured', { payment: pay('CAPTURED', 9, { id: '999_0', merchantReference: 'other' }) }), /^unknown operation:/],
    ['a body that is not JSON', () => ({ ...webhook('payment.captured', { payment: pay('CAPTURED', 9) }), rawBody: 'card=4111111111111111' }), /^unreadable:/],
  ])('rejects %s without facts, the reason quoting nothing of the body', async (_name, make, reason) => {
    const parsed = await provider.parseNotification(make(), context);
    expect(parsed.kind).toBe('rejected');
    if (parsed.kind === 'rejected') {
      expect(parsed.reason).toMatch(reason);
      expect(parsed.reply.status).toBe(401);
      expect(parsed.reason).not.toMatch(/4111|5000/);
    }
  });

  describe('a payment a hosted checkout created (ANCV on 5403): named by the hosted checkout, the opening’s reference', () => {
    const HC = '8915-28e5b79c889641c8ba770f1ba576c1fe';
    const PAY = '4000067890_0';
    const REFUND_TX = 'refund-tx-5403';
    // Only what the service holds: the opening by our transaction id and the hosted checkout's id, the refund by ours.
    const seen: unknown[] = [];
    const held: NotificationContext = {
      settingsFor: async (ref) => {
        seen.push(ref);
        return ref.transactionId === TX || ref.transactionId === REFUND_TX || ref.providerRef === HC ? { ...SETTINGS, ancvProductId: 5403 } : undefined;
      },
    };
    const sale = (status: string, statusCode: number, extra: Partial<Parameters<typeof payment>[0]> = {}) =>
      payment({ id: PAY, status, statusCode, amount: 7_000, merchantReference: TX, product: 5403, hostedCheckoutId: HC, ...extra });
    const read = async (n: ReturnType<typeof webhook>): Promise<readonly PspFact[]> => {
      const parsed = await provider.parseNotification(n, held);
      if (parsed.kind !== 'accepted') throw new Error(parsed.reason);
      return parsed.facts;
    };
    beforeEach(() => void seen.splice(0));

    it('payment.refunded -> a refund verdict on the opening as recorded (the hosted checkout), for the attempt’s pending refund', async () => {
      expect(await read(webhook('payment.refunded', { payment: sale('REFUNDED', 8) }))).toEqual([{ kind: 'refunded', success: true, inFull: true, ref: { providerRef: HC }, statusCode: '8' }]);
      expect(seen).toEqual([{ transactionId: TX, providerRef: HC }]);
    });

    it('payment.captured -> the opening’s verdict under our transaction id and the hosted checkout id', async () => {
      expect(await read(webhook('payment.captured', { payment: sale('CAPTURED', 9, { acquired: 3_000 }) }))).toEqual([
        { kind: 'authorized', ref: { transactionId: TX, providerRef: HC }, providerRef: HC, granted: money(3_000, 'EUR'), chosenByPayer: true, statusCode: '9' },
        { kind: 'captured', success: true, ref: { providerRef: HC }, statusCode: '9' },
      ]);
    });

    // Without hostedCheckoutSpecificOutput the event names the payment's opening id, which no operation
    // recorded; our transaction id, echoed as paymentOutput.references.merchantReference (as Worldline's
    // PHP SDK webhook test and its PrestaShop and Magento plugins read it), still names the opening.
    describe('an event without hostedCheckoutSpecificOutput: named by our merchantReference', () => {
      const bare = (status: string, statusCode: number, extra: Partial<Parameters<typeof payment>[0]> = {}) => {
        const object = sale(status, statusCode, extra);
        expect(object).not.toHaveProperty('hostedCheckoutSpecificOutput');
        return object;
      };
      const noHosted = { hostedCheckoutId: undefined } as const;

      it('payment.refunded -> a refund verdict on the opening our transaction id names, for the attempt’s pending refund', async () => {
        expect(await read(webhook('payment.refunded', { payment: bare('REFUNDED', 8, { ...noHosted, id: '4000067890_1' }) }))).toEqual([
          { kind: 'refunded', success: true, inFull: true, ref: { transactionId: TX, providerRef: PAY }, statusCode: '8' },
        ]);
        expect(seen).toEqual([{ transactionId: TX, providerRef: PAY }]);
      });

      it('payment.captured -> the opening’s verdict and the capture, both by our transaction id', async () => {
        expect(await read(webhook('payment.captured', { payment: bare('CAPTURED', 9, noHosted) }))).toEqual([
          { kind: 'authorized', ref: { transactionId: TX, providerRef: PAY }, providerRef: PAY, granted: money(7_000, 'EUR'), statusCode: '9' },
          { kind: 'captured', success: true, ref: { transactionId: TX, providerRef: PAY }, statusCode: '9' },
        ]);
      });

      it('a chargeback neither the event nor the confirming status names by its hosted checkout -> on the opening our transaction id names', async () => {
        nock(TEST_BASE).get(`/v2/${MERCHANT}/payments/${PAY}/details`).reply(200, bare('CHARGEBACKED', 7, noHosted));
        expect(await read(webhook('payment.chargebacked', { payment: bare('CHARGEBACKED', 7, noHosted) }))).toEqual([
          { kind: 'chargeback', providerRef: PAY, transactionId: TX, type: 'chargeback', amount: money(7_000, 'EUR'), status: 'CHARGEBACKED', date: '2026-11-23' },
        ]);
      });

      it('a chargeback whose confirming status names the hosted checkout -> under the hosted checkout, as recorded', async () => {
        nock(TEST_BASE).get(`/v2/${MERCHANT}/payments/${PAY}/details`).reply(200, sale('CHARGEBACKED', 7));
        expect(await read(webhook('payment.chargebacked', { payment: bare('CHARGEBACKED', 7, noHosted) }))).toEqual([
          { kind: 'chargeback', providerRef: HC, type: 'chargeback', amount: money(7_000, 'EUR'), status: 'CHARGEBACKED', date: '2026-11-23' },
        ]);
      });

      it('a payment of a redirect product (5412, Wero) keeps its opening id, the reference its opening recorded', async () => {
        expect(await read(webhook('payment.refunded', { payment: bare('REFUNDED', 8, { ...noHosted, product: 5412 }) }))).toEqual([{ kind: 'refunded', success: true, inFull: true, ref: { providerRef: PAY }, statusCode: '8' }]);
      });

      it('without the merchantReference either, nothing names it: no contract is found and the event is refused', async () => {
        const parsed = await provider.parseNotification(webhook('payment.refunded', { payment: bare('REFUNDED', 8, { ...noHosted, merchantReference: undefined }) }), held);
        expect(parsed.kind).toBe('rejected');
        expect(seen).toEqual([{ providerRef: PAY }]);
      });
    });

    it('refund.refunded -> found by our refund’s transaction id (its operation reference), the verdict on that refund', async () => {
      const refund = refundObject({ id: '4000067890_1', status: 'REFUNDED', statusCode: 8, amount: 7_000, operationReference: REFUND_TX, merchantReference: TX });
      expect(await read(webhook('refund.refunded', { refund }))).toEqual([{ kind: 'refunded', success: true, ref: { transactionId: REFUND_TX, providerRef: '4000067890_1' }, statusCode: 'REFUNDED' }]);
      expect(seen).toEqual([{ transactionId: REFUND_TX, providerRef: PAY }]);
    });

    it('a chargeback on its payment, confirmed by GET /payments/{paymentId}/details, names the hosted checkout (the opening that took the money)', async () => {
      const looked: string[] = [];
      nock(TEST_BASE)
        .get(`/v2/${MERCHANT}/payments/${PAY}/details`)
        .reply(function () {
          looked.push(this.req.path);
          return [200, sale('CHARGEBACKED', 7)];
        });
      expect(await read(webhook('payment.chargebacked', { payment: sale('CHARGEBACKED', 7) }))).toEqual([
        { kind: 'chargeback', providerRef: HC, type: 'chargeback', amount: money(7_000, 'EUR'), status: 'CHARGEBACKED', date: '2026-11-23' },
      ]);
      expect(looked).toEqual([`/v2/${MERCHANT}/payments/${PAY}/details`]);
    });

    it('a chargeback the status does not confirm changes nothing', async () => {
      nock(TEST_BASE).get(`/v2/${MERCHANT}/payments/${PAY}/details`).reply(200, sale('CAPTURED', 9));
      expect(await read(webhook('payment.chargeback_notification', { payment: sale('CHARGEBACK_NOTIFICATION', 7) }))).toEqual([]);
    });
  });

  describe('chargebacks (unconfirmed on Direct): confirmed by a status lookup first', () => {
    it('a chargeback the payment status confirms is a chargeback fact', async () => {
      nock(TEST_BASE).get(`/v2/${MERCHANT}/payments/${ID}/details`).reply(200, pay('CHARGEBACKED', 7));
      expect(await facts(webhook('payment.chargebacked', { payment: pay('CHARGEBACKED', 7) }))).toEqual([
        { kind: 'chargeback', providerRef: ID, type: 'chargeback', amount: money(5_000, 'EUR'), status: 'CHARGEBACKED', date: '2026-11-23' },
      ]);
    });

    it('a chargeback on a partial ANCV payment is for what the payment took (its acquiredAmount), not what it asked', async () => {
      nock(TEST_BASE).get(`/v2/${MERCHANT}/payments/${ID}/details`).reply(200, pay('CHARGEBACKED', 7, { acquired: 2_000, product: 5412 }));
      expect(await facts(webhook('payment.chargebacked', { payment: pay('CHARGEBACKED', 7, { acquired: 2_000, product: 5412 }) }))).toEqual([
        { kind: 'chargeback', providerRef: ID, type: 'chargeback', amount: money(2_000, 'EUR'), status: 'CHARGEBACKED', date: '2026-11-23' },
      ]);
      // Taken in full (or an acquired 0, nothing read of it): the amount, so the chargeback's notificationId is as before.
      for (const acquired of [5_000, 0]) {
        nock(TEST_BASE).get(`/v2/${MERCHANT}/payments/${ID}/details`).reply(200, pay('CHARGEBACKED', 7, { acquired, product: 5412 }));
        expect(await facts(webhook('payment.chargebacked', { payment: pay('CHARGEBACKED', 7, { acquired, product: 5412 }) }))).toEqual([expect.objectContaining({ amount: money(5_000, 'EUR') })]);
      }
    });

    it('a chargeback the status does not confirm changes nothing', async () => {
      nock(TEST_BASE).get(`/v2/${MERCHANT}/payments/${ID}/details`).reply(200, pay('CAPTURED', 9));
      expect(await facts(webhook('payment.chargeback_notification', { payment: pay('CHARGEBACK_NOTIFICATION', 7) }))).toEqual([]);
    });

    it('a dispute notified (CHARGEBACK_NOTIFICATION, no money taken) is no chargeback: only its CHARGEBACKED is, one debit per dispute', async () => {
      nock(TEST_BASE).get(`/v2/${MERCHANT}/payments/${ID}/details`).reply(200, pay('CHARGEBACK_NOTIFICATION', 7));
      expect(await facts(webhook('payment.chargeback_notification', { payment: pay('CHARGEBACK_NOTIFICATION', 7) }))).toEqual([]);
      nock(TEST_BASE).get(`/v2/${MERCHANT}/payments/${ID}/details`).reply(200, pay('CHARGEBACKED', 7));
      expect(await facts(webhook('payment.chargebacked', { payment: pay('CHARGEBACKED', 7) }))).toMatchObject([{ kind: 'chargeback', type: 'chargeback', status: 'CHARGEBACKED' }]);
    });

    it('a lookup Worldline answered without the payment (404) is an answer too: acknowledged, nothing raised, its status logged at warn (never its body)', async () => {
      const before = logger.named('worldline.chargeback_lookup_refused').length;
      nock(TEST_BASE).get(`/v2/${MERCHANT}/payments/${ID}/details`).reply(404, { errorId: 'e-1', errors: [{ id: 'UNKNOWN_PAYMENT_ID' }] });
      expect(await facts(webhook('payment.chargebacked', { payment: pay('CHARGEBACKED', 7) }))).toEqual([]);
      const logged = logger.named('worldline.chargeback_lookup_refused').slice(before);
      expect(logged).toEqual([{ level: 'warn', event: 'worldline.chargeback_lookup_refused', fields: { status: 404 } }]);
      expect(JSON.stringify(logged)).not.toMatch(/UNKNOWN_PAYMENT_ID|e-1/);
    });

    describe('a lookup that got no answer is answered 503, so Worldline delivers the event again', () => {
      const lostThenConfirmed = async (lose: (scope: nock.Interceptor) => nock.Scope) => {
        lose(nock(TEST_BASE).get(`/v2/${MERCHANT}/payments/${ID}/details`));
        const delivery = webhook('payment.chargebacked', { payment: pay('CHARGEBACKED', 7) });
        const parsed = await provider.parseNotification(delivery, context);
        expect(parsed).toEqual({ kind: 'rejected', reason: expect.stringMatching(/^status unavailable:/), reply: { status: 503, contentType: 'text/plain', body: 'retry later' } });
        // The same delivery again, once the lookup answers: the chargeback.
        nock(TEST_BASE).get(`/v2/${MERCHANT}/payments/${ID}/details`).reply(200, pay('CHARGEBACKED', 7));
        expect(await facts(delivery)).toEqual([{ kind: 'chargeback', providerRef: ID, type: 'chargeback', amount: money(5_000, 'EUR'), status: 'CHARGEBACKED', date: '2026-11-23' }]);
      };

      it('a 503', async () => {
        await lostThenConfirmed((lookup) => lookup.reply(503, 'Service Unavailable'));
      });

      it('a timeout', async () => {
        await lostThenConfirmed((lookup) => lookup.delay(1_500).reply(200, pay('CHARGEBACKED', 7)));
      });

      // Throttled, or our own API key refused (rotated or wrong): the event is genuine, a later delivery can confirm it.
      it.each([429, 401, 403])('a %s', async (status) => {
        await lostThenConfirmed((lookup) => lookup.reply(status, { errorId: 'e-2', errors: [{ id: 'REFUSED' }] }));
      });
    });

    describe('a lookup listing no chargeback operation: named by the payment and the day, the same on every delivery of every event of one dispute (D124)', () => {
      /** A delivery of `type` about `object`, with `created` or none, signed as Worldline signs. */
      const delivered = (object: ReturnType<typeof pay>, created?: string, type = 'payment.chargebacked') => {
        const { created: _c, ...event } = webhookEvent(type, { payment: object });
        const rawBody = JSON.stringify(created ? { ...event, created } : event);
        return { headers: { 'content-type': 'application/json', 'x-gcs-signature': webhookSignature(SETTINGS.webhookSecret, rawBody), 'x-gcs-keyid': SETTINGS.webhookKeyId }, rawBody, query: {} };
      };
      const undated = (object: ReturnType<typeof pay>) => delivered(object);
      const confirmed = (statusChangedAt?: string) => nock(TEST_BASE).get(`/v2/${MERCHANT}/payments/${ID}/details`).reply(200, pay('CHARGEBACKED', 7, statusChangedAt ? { statusChangedAt } : {}));
      const dateOf = async (n: ReturnType<typeof undated>) => (await facts(n)).map((f) => (f.kind === 'chargeback' ? f.date : f.kind));

      it('first the day the confirming lookup says the payment took CHARGEBACKED, before the event\'s own `created` and status date', async () => {
        confirmed('20261125093000');
        expect(await dateOf(delivered(pay('CHARGEBACKED', 7, { statusChangedAt: '20261118231500' }), '2026-11-27T10:00:00.000+0100'))).toEqual(['2026-11-25']);
      });

      it('the notification event and the chargebacked event of one dispute, created days apart: the same date, so the same notificationId', async () => {
        confirmed('20261125093000');
        const notification = await dateOf(delivered(pay('CHARGEBACK_NOTIFICATION', 7, { statusChangedAt: '20261120080000' }), '2026-11-20T08:00:00.000+0100', 'payment.chargeback_notification'));
        confirmed('20261125093000');
        const chargebacked = await dateOf(delivered(pay('CHARGEBACKED', 7, { statusChangedAt: '20261125093000' }), '2026-11-26T10:00:00.000+0100'));
        expect([notification, chargebacked]).toEqual([['2026-11-25'], ['2026-11-25']]);
      });

      it('a later dispute (the status CHARGEBACKED again, changed on another day) has its own date', async () => {
        confirmed('20261125093000');
        const first = await dateOf(delivered(pay('CHARGEBACKED', 7), '2026-11-26T10:00:00.000+0100'));
        confirmed('20270203110000');
        const second = await dateOf(delivered(pay('CHARGEBACKED', 7), '2027-02-03T12:00:00.000+0100'));
        expect([first, second]).toEqual([['2026-11-25'], ['2027-02-03']]);
      });

      it('a lookup without a status date: the event\'s payment status date when it is in the confirmed status', async () => {
        confirmed();
        expect(await dateOf(delivered(pay('CHARGEBACKED', 7, { statusChangedAt: '20261118231500' }), '2026-11-27T10:00:00.000+0100'))).toEqual(['2026-11-18']);
      });

      it('a lookup without a status date, an event\'s payment in another status: the event\'s `created`, logged at warn (another event of the dispute may date it otherwise)', async () => {
        const logger = new CapturingLogger();
        const logged = createWorldlineProvider({ clock: { now: () => Date.now() }, logger, timeoutMs: 1_000 });
        confirmed();
        const delivery = delivered(pay('CHARGEBACK_NOTIFICATION', 7, { statusChangedAt: '20261118231500' }), '2026-11-20T08:00:00.000+0100', 'payment.chargeback_notification');
        const parsed = await logged.parseNotification(delivery, context);
        expect(parsed.kind === 'accepted' ? parsed.facts.map((f) => (f.kind === 'chargeback' ? f.date : f.kind)) : parsed.reason).toEqual(['2026-11-20']);
        expect(logger.entries()).toEqual([
          { level: 'warn', event: 'worldline.chargeback_dated_by_event', fields: { providerRef: ID, date: '2026-11-20' } },
          { level: 'warn', event: 'worldline.chargeback_without_operation', fields: { providerRef: ID, date: '2026-11-20' } },
        ]);
        expect(logger.lines.join('\n')).not.toContain(delivery.rawBody);
      });

      it('without `created`: the day the event\'s payment says its status changed', async () => {
        confirmed();
        expect(await dateOf(undated(pay('CHARGEBACKED', 7, { statusChangedAt: '20261118231500' })))).toEqual(['2026-11-18']);
      });

      it('without either: the day the confirming lookup says the status changed', async () => {
        confirmed('20261119080000');
        expect(await dateOf(undated(pay('CHARGEBACKED', 7)))).toEqual(['2026-11-19']);
      });

      it('with no date at all: the day it is read, logged once at warn with the provider reference and no body', async () => {
        const logger = new CapturingLogger();
        const logged = createWorldlineProvider({ clock: { now: () => Date.now() }, logger, timeoutMs: 1_000 });
        confirmed();
        const delivery = undated(pay('CHARGEBACKED', 7));
        const parsed = await logged.parseNotification(delivery, context);
        const today = new Date().toISOString().slice(0, 10);
        expect(parsed.kind === 'accepted' ? parsed.facts.map((f) => (f.kind === 'chargeback' ? f.date : f.kind)) : parsed.reason).toEqual([today]);
        expect(logger.named('psp.chargeback_dated_on_reading')).toEqual([{ level: 'warn', event: 'psp.chargeback_dated_on_reading', fields: { provider: 'worldline', providerRef: ID, date: today } }]);
        expect(logger.lines.join('\n')).not.toContain(delivery.rawBody);
      });

      it('a date Worldline wrote logs only that the lookup listed no chargeback operation (the payment and the day name it)', async () => {
        const logger = new CapturingLogger();
        const logged = createWorldlineProvider({ clock: { now: () => Date.now() }, logger, timeoutMs: 1_000 });
        confirmed('20261119080000');
        await logged.parseNotification(undated(pay('CHARGEBACKED', 7)), context);
        expect(logger.entries()).toEqual([{ level: 'warn', event: 'worldline.chargeback_without_operation', fields: { providerRef: ID, date: '2026-11-19' } }]);
      });

      it('an unreadable `created` or status date is passed over', async () => {
        confirmed('20261119080000');
        const object = pay('CHARGEBACKED', 7, { statusChangedAt: 'soon' });
        const { created: _c, ...event } = webhookEvent('payment.chargebacked', { payment: object });
        const rawBody = JSON.stringify({ ...event, created: 'yesterday' });
        const delivery = { headers: { 'content-type': 'application/json', 'x-gcs-signature': webhookSignature(SETTINGS.webhookSecret, rawBody), 'x-gcs-keyid': SETTINGS.webhookKeyId }, rawBody, query: {} };
        expect(await dateOf(delivery)).toEqual(['2026-11-19']);
      });
    });

    describe('each dispute named by its chargeback operation, which GET /payments/{id}/details lists (D141)', () => {
      const FIRST = '4000012345_2';
      const SECOND = '4000012345_3';
      /** A delivery of `type` about `object`, created on `created`, signed as Worldline signs. */
      const delivered = (type: string, object: ReturnType<typeof pay>, created: string) => {
        const rawBody = JSON.stringify({ ...webhookEvent(type, { payment: object }), created });
        return { headers: { 'content-type': 'application/json', 'x-gcs-signature': webhookSignature(SETTINGS.webhookSecret, rawBody), 'x-gcs-keyid': SETTINGS.webhookKeyId }, rawBody, query: {} };
      };
      const chargebackOp = (id: string, statusChangedAt?: string, amount = 5_000) => operation({ id, status: 'CHARGEBACKED', statusCode: 7, amount, ...(statusChangedAt ? { statusChangedAt } : {}) });
      const opening = operation({ id: ID, status: 'CAPTURED', statusCode: 9, amount: 5_000, statusChangedAt: '20261101100000' });
      const details = (payment: ReturnType<typeof pay>, operations: ReturnType<typeof operation>[]) => nock(TEST_BASE).get(`/v2/${MERCHANT}/payments/${ID}/details`).reply(200, paymentDetails(payment, operations));
      const ids = (found: readonly PspFact[]) => found.map((f) => (f.kind === 'chargeback' ? chargebackNotificationId(f) : f.kind));

      it('two disputes of the same amount CHARGEBACKED the same day: two chargebacks, each named by its operation', async () => {
        const operations = [opening, chargebackOp(FIRST, '20261125093000'), chargebackOp(SECOND, '20261125161000')];
        details(pay('CHARGEBACKED', 7, { statusChangedAt: '20261125161000' }), operations);
        const found = await facts(delivered('payment.chargebacked', pay('CHARGEBACKED', 7, { id: SECOND, statusChangedAt: '20261125161000' }), '2026-11-25T17:00:00.000+0100'));
        expect(found).toEqual([
          { kind: 'chargeback', providerRef: ID, disputeRef: FIRST, type: 'chargeback', amount: money(5_000, 'EUR'), status: 'CHARGEBACKED', date: '2026-11-25' },
          { kind: 'chargeback', providerRef: ID, disputeRef: SECOND, type: 'chargeback', amount: money(5_000, 'EUR'), status: 'CHARGEBACKED', date: '2026-11-25' },
        ]);
        expect(ids(found)).toEqual([`${FIRST}:chargeback:2026-11-25:5000`, `${SECOND}:chargeback:2026-11-25:5000`]);
      });

      it('one dispute seen by its two events, the lookup with and without the payment\'s status date: one chargeback id', async () => {
        const seen: string[][] = [];
        // The notification event, handled once the dispute is CHARGEBACKED; the lookup carries no payment status date.
        details(pay('CHARGEBACKED', 7), [opening, chargebackOp(FIRST, '20261125093000')]);
        seen.push(ids(await facts(delivered('payment.chargeback_notification', pay('CHARGEBACK_NOTIFICATION', 7, { id: FIRST, statusChangedAt: '20261120080000' }), '2026-11-20T08:00:00.000+0100'))));
        // The chargebacked event, the lookup dated.
        details(pay('CHARGEBACKED', 7, { statusChangedAt: '20261125093000' }), [opening, chargebackOp(FIRST, '20261125093000')]);
        seen.push(ids(await facts(delivered('payment.chargebacked', pay('CHARGEBACKED', 7, { id: FIRST, statusChangedAt: '20261125093000' }), '2026-11-26T10:00:00.000+0100'))));
        // The chargebacked event again, its operation listed with no date of its own: the event's payment is that operation.
        details(pay('CHARGEBACKED', 7), [opening, chargebackOp(FIRST)]);
        seen.push(ids(await facts(delivered('payment.chargebacked', pay('CHARGEBACKED', 7, { id: FIRST, statusChangedAt: '20261125093000' }), '2026-11-26T10:00:00.000+0100'))));
        expect(seen).toEqual([[`${FIRST}:chargeback:2026-11-25:5000`], [`${FIRST}:chargeback:2026-11-25:5000`], [`${FIRST}:chargeback:2026-11-25:5000`]]);
      });

      it('an operation with no date of its own, the only one: the day the payment took CHARGEBACKED; with neither, the event\'s `created`, logged with the operation', async () => {
        details(pay('CHARGEBACKED', 7, { statusChangedAt: '20261125093000' }), [opening, chargebackOp(FIRST)]);
        expect(ids(await facts(delivered('payment.chargeback_notification', pay('CHARGEBACK_NOTIFICATION', 7, { id: FIRST }), '2026-11-20T08:00:00.000+0100')))).toEqual([`${FIRST}:chargeback:2026-11-25:5000`]);

        const logger = new CapturingLogger();
        const logged = createWorldlineProvider({ clock: { now: () => Date.now() }, logger, timeoutMs: 1_000 });
        details(pay('CHARGEBACKED', 7, { statusChangedAt: '20261125161000' }), [opening, chargebackOp(FIRST), chargebackOp(SECOND, '20261125161000')]);
        const delivery = delivered('payment.chargeback_notification', pay('CHARGEBACK_NOTIFICATION', 7, { id: FIRST }), '2026-11-20T08:00:00.000+0100');
        const parsed = await logged.parseNotification(delivery, context);
        expect(parsed.kind === 'accepted' ? ids(parsed.facts) : parsed.reason).toEqual([`${FIRST}:chargeback:2026-11-20:5000`, `${SECOND}:chargeback:2026-11-25:5000`]);
        expect(logger.entries()).toEqual([{ level: 'warn', event: 'worldline.chargeback_dated_by_event', fields: { providerRef: ID, disputeRef: FIRST, date: '2026-11-20' } }]);
        expect(logger.lines.join('\n')).not.toContain(delivery.rawBody);
      });

      it('each for the amount its operation moved', async () => {
        details(pay('CHARGEBACKED', 7, { statusChangedAt: '20261125161000' }), [opening, chargebackOp(FIRST, '20261125093000', 2_000), chargebackOp(SECOND, '20261125161000', 3_000)]);
        const found = await facts(delivered('payment.chargebacked', pay('CHARGEBACKED', 7, { id: SECOND }), '2026-11-25T17:00:00.000+0100'));
        expect(found.map((f) => (f.kind === 'chargeback' ? f.amount : f.kind))).toEqual([money(2_000, 'EUR'), money(3_000, 'EUR')]);
      });

      it('a chargeback operation is a debit whatever the payment\'s status says since; an operation only notified is none', async () => {
        details(pay('REFUNDED', 8, { statusChangedAt: '20261201100000' }), [opening, chargebackOp(FIRST, '20261125093000')]);
        const found = await facts(delivered('payment.chargebacked', pay('CHARGEBACKED', 7, { id: FIRST }), '2026-11-25T10:00:00.000+0100'));
        expect(ids(found)).toEqual([`${FIRST}:chargeback:2026-11-25:5000`]);
        // The dispute's stage is its operation's status, not the payment's.
        expect(found).toMatchObject([{ status: 'CHARGEBACKED' }]);
        details(pay('CHARGEBACK_NOTIFICATION', 7), [opening, operation({ id: FIRST, status: 'CHARGEBACK_NOTIFICATION', statusCode: 7, amount: 5_000, statusChangedAt: '20261120080000' })]);
        expect(await facts(delivered('payment.chargeback_notification', pay('CHARGEBACK_NOTIFICATION', 7, { id: FIRST }), '2026-11-20T08:00:00.000+0100'))).toEqual([]);
      });

      it('named by its operation, a chargeback logs nothing when Worldline dated it', async () => {
        const logger = new CapturingLogger();
        const logged = createWorldlineProvider({ clock: { now: () => Date.now() }, logger, timeoutMs: 1_000 });
        details(pay('CHARGEBACKED', 7), [opening, chargebackOp(FIRST, '20261125093000')]);
        await logged.parseNotification(delivered('payment.chargebacked', pay('CHARGEBACKED', 7, { id: FIRST }), '2026-11-26T10:00:00.000+0100'), context);
        expect(logger.entries()).toEqual([]);
      });
    });
  });
});
