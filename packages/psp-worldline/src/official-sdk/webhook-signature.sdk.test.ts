import { CapturingLogger } from '@splitpay/domain/src/testing';
import type { NotificationContext } from '@splitpay/domain';
import fc from 'fast-check';
import { isWebhookSignature, webhookSignature } from '../notification/webhook-signature';
import { OFFICIAL_BODY, OFFICIAL_KEY_ID, OFFICIAL_SECRET, OFFICIAL_SIGNATURE } from '../testing/official-webhook-vector';
import { payment, refund, SETTINGS, webhook } from '../testing/worldline-fixtures';
import { officialWebhooks } from '../testing/worldline-sdk';
import { createWorldlineProvider } from '../worldline.plugin';

// Worldline's Node SDK checks a webhook with its webhook helper (signature validator over a secret key
// store, then unmarshal): our check must accept what it accepts and refuse what it refuses.

const ID = '4000012345_0';
const provider = createWorldlineProvider({ clock: { now: () => Date.now() }, logger: new CapturingLogger(), timeoutMs: 1_000 });
const context: NotificationContext = { settingsFor: async (ref) => (ref.providerRef === ID || ref.providerRef === '4000012345_2' ? SETTINGS : undefined) };
const sdkAccepts = (helper: ReturnType<typeof officialWebhooks>, body: string, headers: Record<string, string>): Promise<boolean> =>
  helper.validate(body, headers).then(
    () => true,
    () => false,
  );

describe("Worldline webhook signatures: ours against the official Node SDK's webhook helper", () => {
  it("the official vector: both accept it, both refuse it changed", async () => {
    const helper = officialWebhooks(OFFICIAL_KEY_ID, OFFICIAL_SECRET);
    const headers = { 'X-GCS-Signature': OFFICIAL_SIGNATURE, 'X-GCS-KeyId': OFFICIAL_KEY_ID };
    expect(await sdkAccepts(helper, OFFICIAL_BODY, headers)).toBe(true);
    expect(isWebhookSignature(OFFICIAL_SECRET, OFFICIAL_BODY, OFFICIAL_SIGNATURE)).toBe(true);
    const changed = OFFICIAL_BODY.replace('"amount": 1000', '"amount": 1001');
    expect(changed).not.toBe(OFFICIAL_BODY);
    expect(await sdkAccepts(helper, changed, headers)).toBe(false);
    expect(isWebhookSignature(OFFICIAL_SECRET, changed, OFFICIAL_SIGNATURE)).toBe(false);
  });

  it('any secret and body (any Unicode): the SDK accepts what we sign, and both refuse the body or the signature altered', async () => {
    await fc.assert(
      // The SDK's key store refuses a blank secret.
      fc.asyncProperty(fc.string({ minLength: 1, unit: 'binary' }).filter((s) => s.trim() !== ''), fc.string({ unit: 'binary' }), fc.string({ minLength: 1, maxLength: 3, unit: 'binary' }), async (secret, body, extra) => {
        const helper = officialWebhooks('k', secret);
        const signature = webhookSignature(secret, body);
        expect(await sdkAccepts(helper, body, { 'x-gcs-signature': signature, 'x-gcs-keyid': 'k' })).toBe(true);
        expect(isWebhookSignature(secret, body, signature)).toBe(true);
        expect(await sdkAccepts(helper, body + extra, { 'x-gcs-signature': signature, 'x-gcs-keyid': 'k' })).toBe(false);
        expect(isWebhookSignature(secret, body + extra, signature)).toBe(false);
        // Another body's signature (not another secret's: HMAC pads keys with zeros, so "\0" and "\0\0" sign alike).
        const other = webhookSignature(secret, body + extra);
        expect(await sdkAccepts(helper, body, { 'x-gcs-signature': other, 'x-gcs-keyid': 'k' })).toBe(false);
        expect(isWebhookSignature(secret, body, other)).toBe(false);
      }),
    );
  });

  it.each([
    ['payment.captured', { payment: payment({ id: ID, status: 'CAPTURED', statusCode: 9, amount: 5_000, merchantReference: 'tx-1' }) }],
    ['refund.refunded', { refund: refund({ id: '4000012345_2', status: 'REFUNDED', statusCode: 8, amount: 1_000, operationReference: 'ref-1' }) }],
  ] as const)('our %s delivery: the SDK unmarshals it as sent and our parser accepts it; tampered or under another key id, both refuse it', async (type, object) => {
    const helper = officialWebhooks(SETTINGS.webhookKeyId, SETTINGS.webhookSecret);
    const delivery = webhook(type, object);
    expect(await helper.unmarshal(delivery.rawBody, delivery.headers)).toEqual(JSON.parse(delivery.rawBody));
    expect((await provider.parseNotification(delivery, context)).kind).toBe('accepted');

    const tampered = { ...delivery, rawBody: delivery.rawBody.replace(/"amount":\d+/, '"amount":1') };
    expect(tampered.rawBody).not.toBe(delivery.rawBody);
    await expect(helper.unmarshal(tampered.rawBody, tampered.headers)).rejects.toThrow(/failed to validate signature/);
    expect((await provider.parseNotification(tampered, context)).kind).toBe('rejected');

    const otherKey = webhook(type, object, SETTINGS.webhookSecret, 'wh-key-unknown');
    await expect(helper.unmarshal(otherKey.rawBody, otherKey.headers)).rejects.toThrow();
    expect((await provider.parseNotification(otherKey, context)).kind).toBe('rejected');
  });
});
