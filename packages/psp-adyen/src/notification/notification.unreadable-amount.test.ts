import { money, type NotificationContext, type OperationRef } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import { createAdyenProvider } from '../adyen.plugin';
import { notificationItem, SETTINGS, uncountedMetrics, webhook } from '../testing/adyen-fixtures';

// An AUTHORISATION whose amount ISO's unit cannot hold (CLP cents of a peso, D106-d) states no grant:
// it is dropped, and said in a log line rather than left to D104's overdue alert alone (D112-c).

const PAYMENT_TX = '0190c0de-0000-7000-8000-00000000000c';
const context: NotificationContext = {
  settingsFor: async (ref: OperationRef) => (ref.transactionId === PAYMENT_TX ? SETTINGS : undefined),
};

describe('Adyen webhook: an AUTHORISATION amount ISO 4217 cannot hold', () => {
  it('gives no fact and writes adyen.notification_amount_unreadable (warn) with the pspReference, the currency and the value', async () => {
    const logger = new CapturingLogger();
    const provider = createAdyenProvider({ logger, metrics: uncountedMetrics, publicBaseUrl: 'https://pay.example' });
    const parsed = await provider.parseNotification(
      webhook([
        notificationItem({
          eventCode: 'AUTHORISATION',
          pspReference: 'PSPCLP',
          merchantReference: PAYMENT_TX,
          amount: 500_050,
          currency: 'CLP',
          paymentMethod: 'visa',
          additionalData: { cardSummary: '1111', cardBin: '411111', expiryDate: '03/2030', cardHolderName: 'Ada Lovelace' },
        }),
      ]),
      context,
    );
    expect(parsed).toEqual({ kind: 'accepted', facts: [], reply: { status: 200, contentType: 'text/plain', body: '[accepted]' } });
    expect(logger.entries()).toEqual([
      { level: 'warn', event: 'adyen.notification_amount_unreadable', fields: { reason: 'iso-minor-unit', eventCode: 'AUTHORISATION', pspReference: 'PSPCLP', transactionId: PAYMENT_TX, currency: 'CLP', value: 500_050 } },
    ]);
  });

  it('an amount ISO holds (CLP 5000.00 at Adyen) is the grant, and nothing is logged', async () => {
    const logger = new CapturingLogger();
    const provider = createAdyenProvider({ logger, metrics: uncountedMetrics, publicBaseUrl: 'https://pay.example' });
    const parsed = await provider.parseNotification(
      webhook([notificationItem({ eventCode: 'AUTHORISATION', pspReference: 'PSPCLP', merchantReference: PAYMENT_TX, amount: 500_000, currency: 'CLP' })]),
      context,
    );
    expect(parsed.kind === 'accepted' && parsed.facts).toMatchObject([{ kind: 'authorized', granted: money(5_000, 'CLP') }]);
    expect(logger.entries()).toEqual([]);
  });

  it('a batch rejected for another item (a forged signature) logs nothing: Adyen sends it again', async () => {
    const logger = new CapturingLogger();
    const provider = createAdyenProvider({ logger, metrics: uncountedMetrics, publicBaseUrl: 'https://pay.example' });
    const parsed = await provider.parseNotification(
      webhook([
        notificationItem({ eventCode: 'AUTHORISATION', pspReference: 'PSPCLP', merchantReference: PAYMENT_TX, amount: 500_050, currency: 'CLP' }),
        notificationItem({ eventCode: 'CAPTURE', pspReference: 'PSPCAP', merchantReference: PAYMENT_TX, amount: 500_000, currency: 'CLP' }, '00'.repeat(32)),
      ]),
      context,
    );
    expect(parsed.kind).toBe('rejected');
    expect(logger.entries()).toEqual([]);
  });

  it('an item of no session of ours is not read, so nothing is logged for it', async () => {
    const logger = new CapturingLogger();
    const provider = createAdyenProvider({ logger, metrics: uncountedMetrics, publicBaseUrl: 'https://pay.example' });
    await provider.parseNotification(
      webhook([notificationItem({ eventCode: 'AUTHORISATION', pspReference: 'PSPOTHER', merchantReference: 'not-ours', amount: 500_050, currency: 'CLP' })]),
      context,
    );
    expect(logger.entries()).toEqual([]);
  });
});
