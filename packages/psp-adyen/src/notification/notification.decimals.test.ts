import { money, type Metrics, type NotificationContext } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import { createAdyenProvider } from '../adyen.plugin';
import { notificationItem, SETTINGS, webhook } from '../testing/adyen-fixtures';

// A grant and a dispute read in ISO 4217's minor units whatever Adyen's own (docs/decisions.md D106-d):
// no decimals (JPY), three (KWD), and Adyen's departures (ISK and CLP with two at Adyen, none in ISO;
// IDR with none at Adyen, two in ISO). A dispute Adyen writes in cents ISO cannot hold is refused and
// told as a grant is (D125-c).

const context: NotificationContext = { settingsFor: async () => SETTINGS };

function reader() {
  const logger = new CapturingLogger();
  const counts: Record<string, string>[] = [];
  const metrics: Metrics = { increment: (name, labels = {}) => counts.push({ name, ...labels }) };
  return { logger, counts, provider: createAdyenProvider({ logger, metrics, publicBaseUrl: 'https://pay.example' }) };
}

const authorisation = (value: number, currency: string) => notificationItem({ eventCode: 'AUTHORISATION', pspReference: 'PSPDEC', merchantReference: 'tx-dec', amount: value, currency });
const chargeback = (value: number, currency: string) =>
  notificationItem({ eventCode: 'CHARGEBACK', pspReference: 'PSPDECCB', originalReference: 'PSPDEC', merchantReference: 'tx-dec', amount: value, currency, eventDate: '2026-03-02T10:00:00+01:00' });

describe('Adyen webhook: amounts by ISO 4217 minor units', () => {
  it.each([
    [6_000, 'JPY', 6_000],
    [12_345, 'KWD', 12_345],
    [100_000, 'ISK', 1_000],
    [2_500, 'IDR', 250_000],
    [500_000, 'CLP', 5_000],
  ])('Adyen %s %s is granted and disputed as %s ISO minor units', async (value, currency, iso) => {
    const { provider, logger } = reader();
    const parsed = await provider.parseNotification(webhook([authorisation(value, currency), chargeback(value, currency)]), context);
    expect(parsed.kind === 'accepted' && parsed.facts).toEqual([
      expect.objectContaining({ kind: 'authorized', granted: money(iso, currency) }),
      expect.objectContaining({ kind: 'chargeback', amount: money(iso, currency), date: '2026-03-02' }),
    ]);
    expect(logger.entries()).toEqual([]);
  });

  it('CLP 5000.50 (500050 at Adyen): neither granted nor disputed, each logged and counted iso-minor-unit', async () => {
    const { provider, logger, counts } = reader();
    const parsed = await provider.parseNotification(webhook([authorisation(500_050, 'CLP'), chargeback(500_050, 'CLP')]), context);
    expect(parsed).toEqual(expect.objectContaining({ kind: 'accepted', facts: [] }));
    expect(logger.entries()).toEqual([
      { level: 'warn', event: 'adyen.notification_amount_unreadable', fields: { reason: 'iso-minor-unit', eventCode: 'AUTHORISATION', pspReference: 'PSPDEC', transactionId: 'tx-dec', currency: 'CLP', value: 500_050 } },
      { level: 'warn', event: 'adyen.notification_amount_unreadable', fields: { reason: 'iso-minor-unit', eventCode: 'CHARGEBACK', pspReference: 'PSPDECCB', originalReference: 'PSPDEC', transactionId: 'tx-dec', currency: 'CLP', value: 500_050 } },
    ]);
    expect(counts).toEqual([
      { name: 'adyen_notification_amount_unreadable_total', reason: 'iso-minor-unit' },
      { name: 'adyen_notification_amount_unreadable_total', reason: 'iso-minor-unit' },
    ]);
  });
});
