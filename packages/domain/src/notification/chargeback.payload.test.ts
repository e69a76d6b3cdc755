import type { Chargeback } from '../chargeback/chargeback.model';
import type { AttemptId, MerchantId, SessionId, TransactionId } from '../ids/ids';
import { money } from '../money/money';
import { buildChargebackPayload, chargebackNotificationId } from './chargeback.payload';

/** What the merchant is told, as the PSP and the session gave it. */
const told = {
  notificationId: 'psp-cap-1:chargeback:2026-03-02:2500',
  orderId: 'order-42',
  sessionId: '0190f0a0-0000-7000-8000-000000000001',
  attemptId: '0190f0a0-0000-7000-8000-0000000000a1',
  transactionId: '0190f0a0-0000-7000-8000-0000000000b2',
  type: 'chargeback',
  provider: 'fake',
  providerRef: 'psp-cap-1',
  reasonCode: '4837',
  status: 'first-chargeback',
  date: '2026-03-02',
  validUntil: '2026-04-01',
} as const;

const chargeback: Chargeback = {
  ...told,
  merchantId: 'm1' as MerchantId,
  sessionId: told.sessionId as SessionId,
  attemptId: told.attemptId as AttemptId,
  transactionId: told.transactionId as TransactionId,
  amount: money(2500, 'EUR'),
  receivedAt: Date.UTC(2026, 2, 2),
  version: 1,
};

describe('chargebackNotificationId', () => {
  it('is <providerRef>:chargeback:<date>:<amount>', () => {
    expect(chargebackNotificationId({ providerRef: 'psp-cap-1', type: 'chargeback', date: '2026-03-02', amount: money(2500, 'EUR') })).toBe('psp-cap-1:chargeback:2026-03-02:2500');
  });

  it('of a representment says representment in place of chargeback, so it differs from its chargeback of the same day and amount', () => {
    const dispute = { providerRef: 'psp-cap-1', date: '2026-03-02', amount: money(2500, 'EUR') };
    expect(chargebackNotificationId({ ...dispute, type: 'representment' })).toBe('psp-cap-1:representment:2026-03-02:2500');
    expect(chargebackNotificationId({ ...dispute, type: 'representment' })).not.toBe(chargebackNotificationId({ ...dispute, type: 'chargeback' }));
  });

  it('names the dispute by the PSP\'s own reference of it when the PSP gives one: two disputes of one operation, the same day and amount, are two', () => {
    const dispute = { providerRef: 'pay-1_0', type: 'chargeback', date: '2026-03-02', amount: money(2500, 'EUR') } as const;
    expect(chargebackNotificationId({ ...dispute, disputeRef: 'pay-1_2' })).toBe('pay-1_2:chargeback:2026-03-02:2500');
    expect(chargebackNotificationId({ ...dispute, disputeRef: 'pay-1_3' })).not.toBe(chargebackNotificationId({ ...dispute, disputeRef: 'pay-1_2' }));
    expect(chargebackNotificationId(dispute)).toBe('pay-1_0:chargeback:2026-03-02:2500');
  });

  it('is the same for a resent dispute and differs by amount or by date', () => {
    const base = { providerRef: 'r', type: 'chargeback', date: '2026-03-02', amount: money(100, 'EUR') } as const;
    expect(chargebackNotificationId({ ...base })).toBe(chargebackNotificationId(base));
    expect(chargebackNotificationId({ ...base, amount: money(101, 'EUR') })).not.toBe(chargebackNotificationId(base));
    expect(chargebackNotificationId({ ...base, date: '2026-03-03' })).not.toBe(chargebackNotificationId(base));
  });
});

describe('buildChargebackPayload', () => {
  it('carries every field of the spec table', () => {
    // Exactly these: neither the merchant id nor the store's fields (receivedAt, version).
    expect(buildChargebackPayload(chargeback)).toEqual({ event: 'chargeback', ...told, amount: { amount: 2500, currency: 'EUR' } });
  });

  it('leaves out what the PSP did not say, and never the merchant id or store fields', () => {
    const { reasonCode: _r, status: _s, validUntil: _v, ...bare } = chargeback;
    const payload = buildChargebackPayload({ ...bare, type: 'representment' });
    expect(payload).not.toHaveProperty('reasonCode');
    expect(payload).not.toHaveProperty('status');
    expect(payload).not.toHaveProperty('validUntil');
    expect(payload.type).toBe('representment');
    for (const key of ['merchantId', 'receivedAt', 'version', 'delivery', 'lease', 'dueAt']) expect(payload).not.toHaveProperty(key);
  });
});
