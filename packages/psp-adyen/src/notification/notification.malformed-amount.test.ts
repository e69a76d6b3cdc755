import type { Metrics, NotificationContext, OperationRef } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import { createAdyenProvider } from '../adyen.plugin';
import { HMAC_KEY, notificationItem, SETTINGS, webhook } from '../testing/adyen-fixtures';
import { itemHmac } from './hmac';

// The reader's side of D122 (the door's is apps/server test/payer-flow/adyen-unreadable-amount.it.ts):
// an amount Adyen's format does not allow refuses its item whatever the event code, never throws.

const PAYMENT_TX = '0190c0de-0000-7000-8000-00000000000d';
const CAPTURE_TX = '0190c0de-0000-7000-8000-00000000000e';
const context: NotificationContext = {
  settingsFor: async (ref: OperationRef) => (ref.transactionId === PAYMENT_TX || ref.transactionId === CAPTURE_TX ? SETTINGS : undefined),
};

/** The item of `fields` with `amount` in its place (none when undefined), signed over it. */
function withAmount(fields: Parameters<typeof notificationItem>[0], amount: unknown): Record<string, unknown> {
  const item: Record<string, unknown> = { ...(notificationItem(fields) as { NotificationRequestItem: Record<string, unknown> }).NotificationRequestItem };
  delete item.additionalData;
  if (amount === undefined) delete item.amount;
  else item.amount = amount;
  return { NotificationRequestItem: { ...item, additionalData: { hmacSignature: itemHmac(item as Parameters<typeof itemHmac>[0], HMAC_KEY) } } };
}

function reader() {
  const logger = new CapturingLogger();
  const counts: Record<string, string>[] = [];
  const metrics: Metrics = { increment: (name, labels = {}) => counts.push({ name, ...labels }) };
  return { logger, counts, provider: createAdyenProvider({ logger, metrics, publicBaseUrl: 'https://pay.example' }) };
}

describe('Adyen webhook: an amount Adyen would never write (D122)', () => {
  it.each([
    ['a CAPTURE whose value is a fraction', 'CAPTURE', { value: 10.5, currency: 'EUR' }],
    ['a CAPTURE in a lowercase currency', 'CAPTURE', { value: 1_000, currency: 'eur' }],
    ['a negative value', 'CAPTURE', { value: -1_000, currency: 'EUR' }],
    ['an amount that is no object', 'CAPTURE', '1000 EUR'],
    ['a declined AUTHORISATION whose value is text', 'AUTHORISATION', { value: '1000', currency: 'EUR' }],
  ])('%s: no fact, accepted, logged and counted as malformed', async (_what, eventCode, amount) => {
    const { logger, counts, provider } = reader();
    const success = eventCode === 'CAPTURE';
    const parsed = await provider.parseNotification(webhook([withAmount({ eventCode, success, pspReference: 'PSPODD', merchantReference: CAPTURE_TX, amount: 0 }, amount)]), context);
    expect(parsed).toEqual({ kind: 'accepted', facts: [], reply: { status: 200, contentType: 'text/plain', body: '[accepted]' } });
    expect(logger.entries()).toEqual([{ level: 'warn', event: 'adyen.notification_amount_unreadable', fields: expect.objectContaining({ reason: 'malformed', eventCode, pspReference: 'PSPODD', transactionId: CAPTURE_TX }) }]);
    expect(counts).toEqual([{ name: 'adyen_notification_amount_unreadable_total', reason: 'malformed' }]);
  });

  it('a declined AUTHORISATION without amount is still the decline (a decline reads no amount): nothing logged nor counted', async () => {
    const { logger, counts, provider } = reader();
    const parsed = await provider.parseNotification(webhook([withAmount({ eventCode: 'AUTHORISATION', success: false, pspReference: 'PSPDECL', merchantReference: PAYMENT_TX, amount: 0, reason: 'Refused' }, undefined)]), context);
    expect(parsed.kind === 'accepted' && parsed.facts).toMatchObject([{ kind: 'declined' }]);
    expect([logger.entries(), counts]).toEqual([[], []]);
  });

  it('a malformed item beside a good one: the good one gives its fact', async () => {
    const { provider } = reader();
    const parsed = await provider.parseNotification(
      webhook([
        withAmount({ eventCode: 'AUTHORISATION', pspReference: 'PSPODD', merchantReference: PAYMENT_TX, amount: 0 }, { value: 1e21, currency: 'EUR' }),
        notificationItem({ eventCode: 'CAPTURE', pspReference: 'PSPCAP', merchantReference: CAPTURE_TX, amount: 1_000 }),
      ]),
      context,
    );
    expect(parsed.kind === 'accepted' && parsed.facts).toMatchObject([{ kind: 'captured', success: true, ref: { transactionId: CAPTURE_TX } }]);
  });
});
