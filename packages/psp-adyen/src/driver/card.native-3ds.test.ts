import nock from 'nock';
import { money } from '@splitpay/domain';
import { isolateNock } from '@splitpay/psp-testkit';
import { AdyenClient } from '../client/adyen.client';
import { API_KEY, ENCRYPTED_CARD, openInput, SERVICE_BASE, SETTINGS, silentLogger, TEST_BASE } from '../testing/adyen-fixtures';
import { AdyenCardDriver } from './card.driver';

const driver = new AdyenCardDriver({ client: new AdyenClient({ timeoutMs: 2_000 }), logger: silentLogger, publicBaseUrl: SERVICE_BASE });

const ORIGIN = 'https://shop.example';
const BROWSER_INFO = { userAgent: 'Mozilla/5.0', acceptHeader: '*/*', language: 'fr-FR', colorDepth: 24, screenHeight: 900, screenWidth: 1440, timeZoneOffset: -60, javaEnabled: false };
/** Adyen Web's card `state.data` with the page's origin, as our adapter sends it. */
const nativeCardInput = { method: 'card', token: JSON.stringify({ paymentMethod: ENCRYPTED_CARD, browserInfo: BROWSER_INFO, origin: ORIGIN }), holder: 'Ada Payer' };

/** Adyen's native 3-D Secure 2 actions (CheckoutThreeDS2Action, Checkout API v71). */
const FINGERPRINT = { type: 'threeDS2', subtype: 'fingerprint', paymentMethodType: 'scheme', token: 'eyJ0aHJlZURTTWV0aG9kTm90aWZpY2F0aW9uVVJMIjoiaHR0cHM6XC9cL2NoZWNrb3V0c2hvcHBlci10ZXN0LmFkeWVuLmNvbSJ9', paymentData: 'Ab02b4c0!BQABAgA...', authorisationToken: 'Ab02b4c0!BQABAgB...' };
const CHALLENGE = { type: 'threeDS2', subtype: 'challenge', paymentMethodType: 'scheme', token: 'eyJhY3NSZWZlcmVuY2VOdW1iZXIiOiJBRFlFTi1BQ1MtU0lNVUxBVE9SIn0=', paymentData: 'Ab02b4c0!BQABAgC...', authorisationToken: 'Ab02b4c0!BQABAgD...' };
const FINGERPRINT_RESULT = 'eyJ0cmFuc1N0YXR1cyI6IkMiLCJhdXRob3Jpc2F0aW9uVG9rZW4iOiJmcCJ9';
const CHALLENGE_RESULT = 'eyJ0cmFuc1N0YXR1cyI6IlkiLCJhdXRob3Jpc2F0aW9uVG9rZW4iOiJjaCJ9';

/** Intercepts one POST with its Idempotency-Key, and keeps its body. */
function expectPost(path: string, idempotencyKey: string | RegExp, answer: object): { body: () => Record<string, unknown>; key: () => string; scope: nock.Scope } {
  let seen: Record<string, unknown> = {};
  let key = '';
  const scope = nock(TEST_BASE, { reqheaders: { 'x-api-key': API_KEY, 'idempotency-key': (value: string) => ((key = value), typeof idempotencyKey === 'string' ? value === idempotencyKey : idempotencyKey.test(value)) } })
    .post(path, (body: Record<string, unknown>) => {
      seen = body;
      return true;
    })
    .reply(200, answer);
  return { body: () => seen, key: () => key, scope };
}

isolateNock();
afterEach(() => nock.cleanAll());

describe('Adyen card: native 3-D Secure 2 in the page', () => {
  it('asks for native 3-D Secure with the Web channel, the page origin, its browser and the return door; a fingerprint action goes to the page', async () => {
    const input = openInput('card', { payerInput: nativeCardInput });
    const post = expectPost('/v71/payments', input.transactionId, { resultCode: 'IdentifyShopper', pspReference: 'PSPN3DS', action: { ...FINGERPRINT, unknownField: 'not relayed' } });
    const opened = await driver.open(input);
    expect(post.scope.isDone()).toBe(true);
    expect(post.body()).toMatchObject({
      authenticationData: { threeDSRequestData: { nativeThreeDS: 'preferred' } },
      channel: 'Web',
      origin: ORIGIN,
      browserInfo: BROWSER_INFO,
      returnUrl: input.returnUrl,
    });
    expect(opened).toEqual({ ack: { outcome: 'accepted', httpStatus: 200, code: 'IdentifyShopper', providerRef: 'PSPN3DS' }, pageAction: { kind: 'hosted-fields', action: FINGERPRINT, resultFields: ['threeDSResult'] }, facts: [] });
  });

  it('sends the fingerprint result to /payments/details, relays the challenge, then the challenge result; each call its own key, the verdict an ack', async () => {
    const input = openInput('card', { payerInput: nativeCardInput });
    const target = { transactionId: input.transactionId, providerRef: 'PSPN3DS' };
    const fingerprint = expectPost('/v71/payments/details', new RegExp(`^${input.transactionId}\\.details\\.[0-9a-f]{16}$`), { resultCode: 'ChallengeShopper', pspReference: 'PSPN3DS', action: CHALLENGE });
    const afterFingerprint = await driver.completeAction({ ...input, target, details: { threeDSResult: FINGERPRINT_RESULT, notAdyens: 'dropped' } });
    expect(fingerprint.body()).toEqual({ details: { threeDSResult: FINGERPRINT_RESULT } });
    expect(afterFingerprint).toEqual({ ack: expect.objectContaining({ outcome: 'accepted', code: 'ChallengeShopper' }), pageAction: { kind: 'hosted-fields', action: CHALLENGE, resultFields: ['threeDSResult'] }, facts: [] });

    const challenge = expectPost('/v71/payments/details', new RegExp(`^${input.transactionId}\\.details\\.[0-9a-f]{16}$`), { resultCode: 'Authorised', pspReference: 'PSPN3DS', additionalData: { paymentMethod: 'visa' } });
    const afterChallenge = await driver.completeAction({ ...input, target, details: { threeDSResult: CHALLENGE_RESULT } });
    expect(challenge.body()).toEqual({ details: { threeDSResult: CHALLENGE_RESULT } });
    expect(challenge.key()).not.toBe(fingerprint.key());
    expect(afterChallenge).toEqual({
      ack: expect.objectContaining({ outcome: 'accepted', code: 'Authorised' }),
      facts: [expect.objectContaining({ kind: 'authorized', ref: target, granted: money(10_000, 'EUR'), cardScheme: 'visa' })],
    });
  });

  it('the same result sent again is the same request to Adyen (same Idempotency-Key)', async () => {
    const input = openInput('card', { payerInput: nativeCardInput });
    const keys: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const post = expectPost('/v71/payments/details', /.*/, { resultCode: 'Received', pspReference: 'PSPN3DS' });
      const output = await driver.completeAction({ ...input, target: { transactionId: input.transactionId }, details: { threeDSResult: CHALLENGE_RESULT } });
      expect(output).toEqual({ ack: expect.objectContaining({ outcome: 'accepted', code: 'Received' }), facts: [] });
      keys.push(post.key());
    }
    expect(keys[0]).toBe(keys[1]);
  });

  it('a redirect after the fingerprint (3-D Secure 1 fallback) is still followed', async () => {
    const input = openInput('card', { payerInput: nativeCardInput });
    const url = 'https://checkoutshopper-test.adyen.com/checkoutshopper/threeDS/redirect?MD=M2RzZGF0YQ';
    expectPost('/v71/payments/details', /.*/, { resultCode: 'RedirectShopper', action: { type: 'redirect', method: 'GET', url } });
    const output = await driver.completeAction({ ...input, target: { transactionId: input.transactionId }, details: { threeDSResult: FINGERPRINT_RESULT } });
    expect(output).toEqual({ ack: expect.objectContaining({ outcome: 'accepted', code: 'RedirectShopper' }), redirect: { kind: 'navigate', url }, facts: [] });
  });

  it('a result without a 3-D Secure field asks Adyen nothing', async () => {
    const input = openInput('card', { payerInput: nativeCardInput });
    const output = await driver.completeAction({ ...input, target: { transactionId: input.transactionId }, details: { something: 'else' } });
    expect(output).toEqual({ ack: { outcome: 'rejected', code: 'invalid-request', message: 'the page sent no 3-D Secure result' }, facts: [] });
  });

  it('by redirect when the contract says threeDS redirect, or the page sent no origin', async () => {
    for (const input of [openInput('card', { payerInput: nativeCardInput, settings: { ...SETTINGS, threeDS: 'redirect' } }), openInput('card')]) {
      const post = expectPost('/v71/payments', input.transactionId, { resultCode: 'Received' });
      await driver.open(input);
      expect(post.body()).toMatchObject({ authenticationData: { threeDSRequestData: { nativeThreeDS: 'disabled' } } });
    }
  });
});
