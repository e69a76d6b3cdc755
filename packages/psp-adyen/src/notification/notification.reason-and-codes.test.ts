import { money, type NotificationContext } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import { createAdyenProvider } from '../adyen.plugin';
import { notificationItem, SETTINGS, uncountedMetrics, webhook } from '../testing/adyen-fixtures';

// The reader's side of D125 (the door's is apps/server test/payer-flow/adyen-authorisation-reason.it.ts):
// Adyen's `reason` is a failure's reason only, and only Adyen's own dispute codes are disputes.

const PAYMENT_TX = '0190c0de-0000-7000-8000-0000000000a1';
const context: NotificationContext = { settingsFor: async () => SETTINGS };
const provider = () => createAdyenProvider({ logger: new CapturingLogger(), metrics: uncountedMetrics, publicBaseUrl: 'https://pay.example' });
const factsOf = async (item: Record<string, unknown>) => {
  const parsed = await provider().parseNotification(webhook([item]), context);
  if (parsed.kind !== 'accepted') throw new Error(`rejected: ${parsed.reason}`);
  return parsed.facts;
};

describe('Adyen webhook: the reason Adyen writes (D125-a)', () => {
  it("a successful card AUTHORISATION's reason (authorisation code:last 4:expiry) is not its statusMessage", async () => {
    const facts = await factsOf(notificationItem({ eventCode: 'AUTHORISATION', pspReference: 'PSPAUTH', merchantReference: PAYMENT_TX, amount: 5_000, paymentMethod: 'visa', reason: '874574:1111:03/2030' }));
    expect(facts).toEqual([{ kind: 'authorized', ref: { transactionId: PAYMENT_TX, providerRef: 'PSPAUTH' }, providerRef: 'PSPAUTH', granted: money(5_000, 'EUR'), statusCode: 'AUTHORISATION', cardScheme: 'visa' }]);
    expect(JSON.stringify(facts)).not.toContain('1111');
  });

  it.each(['CAPTURE', 'REFUND', 'CANCELLATION'])('a successful %s carries no reason either', async (eventCode) => {
    const facts = await factsOf(notificationItem({ eventCode, pspReference: 'PSPMOD', merchantReference: PAYMENT_TX, amount: 5_000, reason: '874574:1111:03/2030' }));
    expect(facts).toHaveLength(1);
    expect(facts[0]).not.toHaveProperty('statusMessage');
  });

  it.each([
    ['a declined AUTHORISATION', 'AUTHORISATION', false, 'Not enough balance'],
    ['a failed CAPTURE', 'CAPTURE', false, 'Insufficient balance on payment'],
    ['a CAPTURE_FAILED (success true: the event code is the failure)', 'CAPTURE_FAILED', true, 'Capture rejected by the scheme'],
    ['a REFUND_FAILED (success true)', 'REFUND_FAILED', true, 'Refund rejected by the scheme'],
  ])("%s keeps Adyen's reason as its statusMessage", async (_what, eventCode, success, reason) => {
    const facts = await factsOf(notificationItem({ eventCode, success, pspReference: 'PSPFAIL', merchantReference: PAYMENT_TX, amount: 5_000, reason }));
    expect(facts).toEqual([expect.objectContaining({ statusCode: eventCode, statusMessage: reason })]);
  });
});

describe('Adyen webhook: only its own dispute codes are disputes (D125-d)', () => {
  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'])('a signed item with eventCode %s gives no fact', async (eventCode) => {
    const facts = await factsOf(notificationItem({ eventCode, pspReference: 'PSPODDCODE', originalReference: 'PSPPAY', merchantReference: PAYMENT_TX, amount: 2_500 }));
    expect(facts).toEqual([]);
  });

  it('a CHARGEBACK is still one (the guard that passes on both)', async () => {
    const facts = await factsOf(notificationItem({ eventCode: 'CHARGEBACK', pspReference: 'PSPCB', originalReference: 'PSPPAY', merchantReference: PAYMENT_TX, amount: 2_500, eventDate: '2026-02-03T10:00:00+01:00' }));
    expect(facts).toEqual([{ kind: 'chargeback', providerRef: 'PSPPAY', type: 'chargeback', amount: money(2_500, 'EUR'), date: '2026-02-03', status: 'CHARGEBACK' }]);
  });
});
