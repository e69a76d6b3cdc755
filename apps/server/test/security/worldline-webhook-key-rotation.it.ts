import { CapturingLogger } from '@splitpay/domain/src/testing';
import { webhookSignature } from '@splitpay/psp-worldline';
import { loadMerchants } from '../../src/merchants/load-merchants';
import { merchantEntry, SHOP } from '../support/merchants.fixture';
import { providerService } from '../support/provider-service';
import { writeTempMerchantsFile } from '../support/temp-merchants-file';
import { acceptPayment, paid, payment, PSPID, SETTINGS, worldlineContracts } from '../support/worldline-direct';

/** SHOP's Worldline contracts in the middle of a webhook key rotation: the new key, and the one being retired (D124). */
const NEW_KEY = { webhookKeyId: 'shop-webhook-key-2', webhookSecret: 'shop-new-webhook-secret+abcdef' };
const ROTATING = { ...NEW_KEY, previousWebhookKeyId: SETTINGS.webhookKeyId, previousWebhookSecret: SETTINGS.webhookSecret };
const contracts = worldlineContracts().map((c) => (c.provider === 'worldline' ? { ...c, settings: { ...(c.settings as Record<string, unknown>), ...ROTATING } } : c));

describe('Worldline webhook key rotation through the notification door', () => {
  const service = providerService(contracts);
  const h = service.h;

  /** Worldline delivers a signed `payment.captured` event under `keyId`. */
  async function deliver(object: Record<string, unknown>, secret: string, keyId: string): Promise<number> {
    const rawBody = JSON.stringify({ apiVersion: 'v1', id: `evt-${String(object.id)}-${keyId}`, created: '2026-01-01T10:00:00.000+0100', merchantId: PSPID, type: 'payment.captured', payment: object });
    const res = await fetch(`${h.url}/psp/worldline/notifications`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-GCS-Signature': webhookSignature(secret, rawBody), 'X-GCS-KeyId': keyId },
      body: rawBody,
    });
    return res.status;
  }

  /** A Wero direct payment Worldline took as `id`, not yet paid: its page and the object of its capture. */
  async function weroAwaitingItsEvent(id: string, orderId: string) {
    const { page } = await h.openPage({ currency: 'EUR', total: 3_000, orderId, methods: [{ method: 'wero' }], paymentMethodFilters: { channel: 'kiosk' }, returnUrl: 'https://shop.example/back' });
    const created = acceptPayment(id);
    expect((await page.start({ methodId: 'wero', amount: 3_000 })).status).toBe(201);
    const reference = ((await created).body as { order: { references: { merchantReference: string } } }).order.references.merchantReference;
    return { page, captured: payment(id, 'CAPTURED', 9, 3_000, reference) };
  }

  it('an event Worldline signed with the key being retired still pays the session', async () => {
    const { page, captured } = await weroAwaitingItsEvent('7910000001_0', 'wl-rotation-old');
    expect(await deliver(captured, SETTINGS.webhookSecret, SETTINGS.webhookKeyId)).toBe(200);
    await page.waitFor(paid);
  });

  it('an event signed with the new key pays the session', async () => {
    const { page, captured } = await weroAwaitingItsEvent('7910000002_0', 'wl-rotation-new');
    expect(await deliver(captured, NEW_KEY.webhookSecret, NEW_KEY.webhookKeyId)).toBe(200);
    await page.waitFor(paid);
  });

  it('the secret is picked by X-GCS-KeyId: the retiring id with the new secret, or an unknown id, is refused 401', async () => {
    const { captured } = await weroAwaitingItsEvent('7910000003_0', 'wl-rotation-forged');
    expect(await deliver(captured, NEW_KEY.webhookSecret, SETTINGS.webhookKeyId)).toBe(401);
    expect(await deliver(captured, SETTINGS.webhookSecret, 'shop-webhook-key-unknown')).toBe(401);
  });

  it('neither webhook secret is stored in clear or logged', () => {
    const stored = service.storedText();
    expect(stored).toContain(ROTATING.previousWebhookKeyId);
    const logged = h.logLines.join('\n');
    for (const secret of [NEW_KEY.webhookSecret, SETTINGS.webhookSecret]) {
      expect(stored).not.toContain(secret);
      expect(logged).not.toContain(secret);
    }
  });

  it('a retiring key id without its secret is refused at start, naming the setting and not the value', async () => {
    const file = await writeTempMerchantsFile({ merchants: [merchantEntry(SHOP, [{ method: 'wero', provider: 'worldline', settings: { ...SETTINGS, previousWebhookKeyId: 'shop-webhook-key-0' } }])] });
    const deps = { merchants: h.stores.merchants, hasher: h.instance.services.passwordHasher, sealer: h.instance.services.secretSealer, logger: new CapturingLogger() };
    await expect(loadMerchants(file, deps)).rejects.toThrow(/contracts\[0\]\.settings\.previousWebhookSecret: is required by provider "worldline" when previousWebhookKeyId is given/);
  });
});
