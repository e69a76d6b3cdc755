import type { NotificationContext } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import { payment, SETTINGS, webhook } from '../testing/worldline-fixtures';
import { createWorldlineProvider } from '../worldline.plugin';

// Worldline looks a webhook's key up by X-GCS-KeyId; a contract holds a second key while one is rotated (D124).
const logger = new CapturingLogger();
const provider = createWorldlineProvider({ clock: { now: () => Date.now() }, logger, timeoutMs: 1_000 });
const ID = '4000099999_0';
const NEW = { keyId: 'wh-key-2', secret: 'newWebhookSecret+abcdef' };
const ROTATING = { ...SETTINGS, webhookKeyId: NEW.keyId, webhookSecret: NEW.secret, previousWebhookKeyId: SETTINGS.webhookKeyId, previousWebhookSecret: SETTINGS.webhookSecret };
const ROTATED = { ...SETTINGS, webhookKeyId: NEW.keyId, webhookSecret: NEW.secret };
const contextOf = (settings: Record<string, unknown>): NotificationContext => ({ settingsFor: async (ref) => (ref.providerRef === ID ? settings : undefined) });
const authorized = payment({ id: ID, status: 'PENDING_CAPTURE', statusCode: 5, amount: 5_000, merchantReference: 'tx-rot' });
const event = (secret: string, keyId: string) => webhook('payment.pending_capture', { payment: authorized }, secret, keyId);

async function outcome(secret: string, keyId: string, settings: Record<string, unknown>): Promise<string> {
  const parsed = await provider.parseNotification(event(secret, keyId), contextOf(settings));
  return parsed.kind === 'accepted' ? `accepted ${parsed.facts.map((f) => f.kind).join(',')}` : `${parsed.reply.status} ${parsed.reason}`;
}

describe('Worldline webhook key rotation', () => {
  it('while a contract holds the new key and the one being retired, an event signed with either is believed', async () => {
    expect(await outcome(SETTINGS.webhookSecret, SETTINGS.webhookKeyId, ROTATING)).toBe('accepted authorized');
    expect(await outcome(NEW.secret, NEW.keyId, ROTATING)).toBe('accepted authorized');
  });

  it('the secret is the one of the key X-GCS-KeyId names: the other key\'s secret under that id is refused', async () => {
    expect(await outcome(NEW.secret, SETTINGS.webhookKeyId, ROTATING)).toBe('401 forged: X-GCS-Signature does not match the body');
    expect(await outcome(SETTINGS.webhookSecret, NEW.keyId, ROTATING)).toBe('401 forged: X-GCS-Signature does not match the body');
  });

  it('a key id the contract does not hold is refused, and the retired key once the rotation is over', async () => {
    expect(await outcome(SETTINGS.webhookSecret, 'wh-key-unknown', ROTATING)).toBe('401 forged: unknown X-GCS-KeyId');
    expect(await outcome(SETTINGS.webhookSecret, SETTINGS.webhookKeyId, ROTATED)).toBe('401 forged: unknown X-GCS-KeyId');
  });

  it('a contract with one key (no rotation under way) reads as before', async () => {
    expect(await outcome(SETTINGS.webhookSecret, SETTINGS.webhookKeyId, SETTINGS)).toBe('accepted authorized');
  });

  it('never hands a webhook secret to the logger', () => {
    const logged = logger.lines.join('\n');
    for (const secret of [NEW.secret, SETTINGS.webhookSecret]) expect(logged).not.toContain(secret);
  });
});
