import nock from 'nock';
import type { SessionView } from '@splitpay/domain';
import { API_KEY, ENCRYPTED_CARD, HMAC_KEY, notificationItem, SETTINGS, TEST_BASE } from '@splitpay/psp-adyen/src/testing/adyen-fixtures';
import { answerPost, providerService } from '../support/provider-service';

jest.setTimeout(30_000);

const ORIGIN = 'https://shop.example';
const BROWSER_INFO = { userAgent: 'Mozilla/5.0', acceptHeader: '*/*', language: 'fr-FR', colorDepth: 24, screenHeight: 900, screenWidth: 1440, timeZoneOffset: -60, javaEnabled: false };
/** Adyen Web's card state.data with the page's origin and browser, as the hosted-fields adapter sends it. */
const nativeCard = { method: 'card', token: JSON.stringify({ paymentMethod: ENCRYPTED_CARD, browserInfo: BROWSER_INFO, origin: ORIGIN }), holder: 'Ada Payer' };
const FINGERPRINT = { type: 'threeDS2', subtype: 'fingerprint', paymentMethodType: 'scheme', token: 'eyJ0aHJlZURTTWV0aG9kVXJsIjoiaHR0cHM6Ly9hY3MuZXhhbXBsZSJ9', paymentData: 'Ab02b4c0!BQABAgA' };
const CHALLENGE = { type: 'threeDS2', subtype: 'challenge', paymentMethodType: 'scheme', token: 'eyJhY3NVUkwiOiJodHRwczovL2Fjcy5leGFtcGxlL2NoYWxsZW5nZSJ9', paymentData: 'Ab02b4c0!BQABAgB' };
const FINGERPRINT_RESULT = 'eyJ0cmFuc1N0YXR1cyI6IkMifQ-fingerprint-result';
const CHALLENGE_RESULT = 'eyJ0cmFuc1N0YXR1cyI6IlkifQ-challenge-result';

const adyenAnswers = (path: string, answer: (body: Record<string, unknown>) => Record<string, unknown>) => answerPost(TEST_BASE, path, 200, answer);
const cardOf = (view: SessionView) => view.attempts.find((a) => a.method === 'card');

describe('Adyen card, native 3-D Secure 2 through the confirm door (nock playing Adyen)', () => {
  const service = providerService([{ method: 'card', provider: 'adyen', schemes: ['cb', 'visa', 'mastercard'], settings: { ...SETTINGS, merchantIdentifier: undefined, displayName: undefined } }]);
  const h = service.h;

  it("relays the fingerprint to the page, the fingerprint's result to /payments/details, the challenge back, its result, then waits for the webhook", async () => {
    const { page } = await h.openPage({ currency: 'EUR', total: 5_000, orderId: 'adyen-native-3ds', methods: [{ method: 'card' }] });
    const payment = adyenAnswers('/v71/payments', (body) => ({ resultCode: 'IdentifyShopper', pspReference: 'PSPN3DS000000001', merchantReference: body.reference, action: FINGERPRINT }));
    const started = await page.start({ methodId: 'card', amount: 5_000, input: nativeCard });
    expect(started.status).toBe(201);
    expect(payment.seen[0]?.body).toMatchObject({ authenticationData: { threeDSRequestData: { nativeThreeDS: 'preferred' } }, channel: 'Web', origin: ORIGIN, browserInfo: BROWSER_INFO, returnUrl: `${h.url}/elements/return/${started.body.attemptId}` });
    const attemptId = String(started.body.attemptId);
    const cardTx = String(payment.seen[0]?.body.reference);
    expect(cardOf(started.body.view)).toMatchObject({ status: 'AUTHORIZING', pageAction: { kind: 'hosted-fields', action: FINGERPRINT, resultFields: ['threeDSResult'] } });
    expect(cardOf(started.body.view)).not.toHaveProperty('redirect');
    // The view says it on every read (a reload runs it again).
    expect(cardOf((await page.view()).body.view)?.pageAction).toEqual({ kind: 'hosted-fields', action: FINGERPRINT, resultFields: ['threeDSResult'] });

    const fingerprintDetails = adyenAnswers('/v71/payments/details', () => ({ resultCode: 'ChallengeShopper', pspReference: 'PSPN3DS000000001', action: CHALLENGE }));
    const afterFingerprint = await page.confirmBody(attemptId, { input: { method: 'card', details: { threeDSResult: FINGERPRINT_RESULT } } });
    expect(afterFingerprint.status).toBe(200);
    expect(fingerprintDetails.seen[0]?.body).toEqual({ details: { threeDSResult: FINGERPRINT_RESULT } });
    expect(fingerprintDetails.seen[0]?.headers['x-api-key']).toBe(API_KEY);
    expect(fingerprintDetails.seen[0]?.headers['idempotency-key']).toMatch(new RegExp(`^${cardTx}\\.details\\.[0-9a-f]{16}$`));
    expect(cardOf(afterFingerprint.body.view)).toMatchObject({ status: 'AUTHORIZING', pageAction: { kind: 'hosted-fields', action: CHALLENGE, resultFields: ['threeDSResult'] } });

    // Adyen acknowledges the challenge's result; the verdict comes by webhook.
    const challengeDetails = adyenAnswers('/v71/payments/details', () => ({ resultCode: 'Received', pspReference: 'PSPN3DS000000001' }));
    const afterChallenge = await page.confirmBody(attemptId, { input: { method: 'card', details: { threeDSResult: CHALLENGE_RESULT } } });
    expect(afterChallenge.status).toBe(200);
    expect(challengeDetails.seen[0]?.body).toEqual({ details: { threeDSResult: CHALLENGE_RESULT } });
    expect(challengeDetails.seen[0]?.headers['idempotency-key']).not.toBe(fingerprintDetails.seen[0]?.headers['idempotency-key']);
    expect(cardOf(afterChallenge.body.view)?.status).toBe('AUTHORIZING');
    expect(cardOf(afterChallenge.body.view)).not.toHaveProperty('pageAction');

    // No action is due any more: a result sent again is refused, nothing reaches Adyen.
    const again = await page.confirmBody(attemptId, { input: { method: 'card', details: { threeDSResult: CHALLENGE_RESULT } } });
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).toContain('ConfirmNotApplicable');

    // Adyen's AUTHORISATION webhook: the verdict.
    const res = await fetch(`${h.url}/psp/adyen/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ live: 'false', notificationItems: [notificationItem({ eventCode: 'AUTHORISATION', pspReference: 'PSPN3DS000000001', merchantReference: cardTx, amount: 5_000, paymentMethod: 'visa' })] }),
    });
    expect(res.status).toBe(200);
    expect(cardOf(await page.waitFor((v) => cardOf(v)?.status === 'AUTHORIZED'))).toMatchObject({ status: 'AUTHORIZED', cardScheme: 'visa' });

    const stored = service.storedText();
    for (const secret of [FINGERPRINT_RESULT, CHALLENGE_RESULT, API_KEY, HMAC_KEY, ENCRYPTED_CARD.encryptedCardNumber]) {
      expect(stored).not.toContain(secret);
      expect(h.logLines.join('\n')).not.toContain(secret);
    }
  });

  it('refuses a result with unknown fields, or an empty one, as InvalidRequest before anything reaches Adyen', async () => {
    const { page } = await h.openPage({ currency: 'EUR', total: 5_000, orderId: 'adyen-native-3ds-bad', methods: [{ method: 'card' }] });
    adyenAnswers('/v71/payments', (body) => ({ resultCode: 'IdentifyShopper', pspReference: 'PSPN3DS000000002', merchantReference: body.reference, action: FINGERPRINT }));
    const attemptId = String((await page.start({ methodId: 'card', amount: 5_000, input: nativeCard })).body.attemptId);
    for (const body of [
      { input: { method: 'card', details: { threeDSResult: 'x' }, extra: 'no' } },
      { input: { method: 'card', details: {} } },
      { input: { method: 'card', details: { threeDSResult: 7 } } },
      { input: { method: 'card' } },
      { input: { method: 'card', details: { threeDSResult: 'x' } }, other: true },
    ]) {
      const refused = await page.confirmBody(attemptId, body);
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('InvalidRequest');
    }
    expect(cardOf((await page.view()).body.view)?.pageAction).toEqual({ kind: 'hosted-fields', action: FINGERPRINT, resultFields: ['threeDSResult'] });
  });

  it("refuses a well-formed result the action's PSP cannot use (no threeDSResult, or another field too) with 400 InvalidRequest naming the accepted field: nothing reaches Adyen, the attempt is unchanged, its action still due", async () => {
    const { page } = await h.openPage({ currency: 'EUR', total: 5_000, orderId: 'adyen-native-3ds-useless', methods: [{ method: 'card' }] });
    adyenAnswers('/v71/payments', (body) => ({ resultCode: 'IdentifyShopper', pspReference: 'PSPN3DS000000003', merchantReference: body.reference, action: FINGERPRINT }));
    const attemptId = String((await page.start({ methodId: 'card', amount: 5_000, input: nativeCard })).body.attemptId);
    const before = cardOf((await page.view()).body.view);
    const details = adyenAnswers('/v71/payments/details', () => ({ resultCode: 'ChallengeShopper', pspReference: 'PSPN3DS000000003', action: CHALLENGE }));
    const tampered = 'dGFtcGVyZWQtdmFsdWU';
    for (const useless of [{ foo: tampered }, { threeDSResult: FINGERPRINT_RESULT, foo: tampered }, { redirectResult: tampered }]) {
      const refused = await page.confirmBody(attemptId, { input: { method: 'card', details: useless } });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'InvalidRequest', message: expect.stringContaining('threeDSResult') });
      expect(JSON.stringify(refused.body)).not.toContain(tampered);
    }
    expect(details.seen).toHaveLength(0);
    expect(cardOf((await page.view()).body.view)).toEqual(before);
    expect(before).toMatchObject({ status: 'AUTHORIZING', pageAction: { kind: 'hosted-fields', action: FINGERPRINT, resultFields: ['threeDSResult'] } });

    // The page's own result still goes through afterwards.
    const taken = await page.confirmBody(attemptId, { input: { method: 'card', details: { threeDSResult: FINGERPRINT_RESULT } } });
    expect(taken.status).toBe(200);
    expect(details.seen).toHaveLength(1);
    expect(cardOf(taken.body.view)).toMatchObject({ status: 'AUTHORIZING', pageAction: { kind: 'hosted-fields', action: CHALLENGE } });
    expect(h.logLines.join('\n')).not.toContain(tampered);
    expect(service.storedText()).not.toContain(tampered);
  });
  // D138: the challenge's result Adyen does not answer (three 5xx: the driver's send and its two resends)
  // is answered as an unanswered start is (D131): 500 InternalError once recorded, the attempt in flight
  // with no action due, so the page shows it being confirmed rather than the challenge again.
  it("answers 500 InternalError when Adyen leaves the challenge's result unanswered (three 5xx): the attempt in flight, no action due, nothing sent again", async () => {
    const { page } = await h.openPage({ currency: 'EUR', total: 5_000, orderId: 'adyen-native-3ds-5xx', methods: [{ method: 'card' }] });
    adyenAnswers('/v71/payments', (body) => ({ resultCode: 'IdentifyShopper', pspReference: 'PSPN3DS000000004', merchantReference: body.reference, action: FINGERPRINT }));
    const attemptId = String((await page.start({ methodId: 'card', amount: 5_000, input: nativeCard })).body.attemptId);
    adyenAnswers('/v71/payments/details', () => ({ resultCode: 'ChallengeShopper', pspReference: 'PSPN3DS000000004', action: CHALLENGE }));
    expect((await page.confirmBody(attemptId, { input: { method: 'card', details: { threeDSResult: FINGERPRINT_RESULT } } })).status).toBe(200);

    const keys: unknown[] = [];
    nock(TEST_BASE).post('/v71/payments/details').times(10).reply(function () {
      keys.push(this.req.headers['idempotency-key']);
      return [500, { status: 500, errorCode: '000', message: 'boom at Adyen', errorType: 'internal' }];
    });
    const unanswered = await page.confirmBody(attemptId, { input: { method: 'card', details: { threeDSResult: CHALLENGE_RESULT } } });
    expect([unanswered.status, (unanswered.body as { code?: string }).code]).toEqual([500, 'InternalError']);
    expect(JSON.stringify(unanswered.body)).not.toContain('boom');
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    const card = cardOf((await page.view()).body.view);
    expect(card?.status).toBe('AUTHORIZING');
    expect(card).not.toHaveProperty('pageAction');

    // The result is not taken again: nothing more reaches Adyen.
    const again = await page.confirmBody(attemptId, { input: { method: 'card', details: { threeDSResult: CHALLENGE_RESULT } } });
    expect(again.status).toBe(409);
    expect(keys).toHaveLength(3);
    expect(h.logLines.join('\n')).not.toContain(CHALLENGE_RESULT);
    expect(service.storedText()).not.toContain(CHALLENGE_RESULT);
    nock.cleanAll();
  });
});
