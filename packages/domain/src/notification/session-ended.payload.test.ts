import type { Attempt } from '../attempt/attempt.model';
import type { AttemptId, MerchantId, SessionId, TransactionId } from '../ids/ids';
import { money } from '../money/money';
import type { Session } from '../session/session.model';
import { buildSessionEndedPayload, sessionEndedNotificationId } from './session-ended.payload';

const SESSION_ID = '0190f0a0-0000-7000-8000-000000000001' as SessionId;
const T0 = Date.UTC(2026, 0, 1);

function cardAttempt(overrides: Partial<Attempt> = {}): Attempt {
  return {
    id: '0190f0a0-0000-7000-8000-0000000000a1' as AttemptId,
    createdAt: T0,
    updatedAt: T0 + 5,
    method: 'card',
    methodId: 'card',
    provider: 'fake',
    operation: 'authorization',
    status: 'CAPTURED',
    requested: money(6000, 'EUR'),
    granted: money(6000, 'EUR'),
    refunded: money(0, 'EUR'),
    cardScheme: 'visa',
    cardAlias: 'alias-123',
    transactions: [
      {
        id: '0190f0a0-0000-7000-8000-0000000000b1' as TransactionId,
        createdAt: T0,
        updatedAt: T0 + 1,
        type: 'authorization',
        amount: money(6000, 'EUR'),
        providerRef: 'psp-auth-1',
        status: { kind: 'succeeded', statusCode: '00', statusMessage: 'Approved' },
        ack: { code: 'accepted', httpStatus: 201 },
      },
      {
        id: '0190f0a0-0000-7000-8000-0000000000b2' as TransactionId,
        createdAt: T0 + 2,
        updatedAt: T0 + 3,
        type: 'capture',
        amount: money(6000, 'EUR'),
        providerRef: 'psp-cap-1',
        status: { kind: 'succeeded' },
        dispatch: { state: 'sent', at: T0 + 2 },
      },
    ],
    ...overrides,
  };
}

function paidSession(overrides: Partial<Session> = {}): Session {
  return {
    id: SESSION_ID,
    merchantId: 'm1' as MerchantId,
    orderId: 'order-42',
    status: 'PAID',
    total: money(10000, 'EUR'),
    captured: money(10000, 'EUR'),
    createdAt: T0,
    updatedAt: T0 + 10,
    expiresAt: T0 + 900_000,
    endedAt: T0 + 10,
    version: 7,
    methods: [],
    elementsTokenHash: 'hash-of-token',
    notification: { url: 'https://merchant.example/hooks' },
    attempts: [
      cardAttempt(),
      {
        id: '0190f0a0-0000-7000-8000-0000000000a2' as AttemptId,
        createdAt: T0 + 4,
        updatedAt: T0 + 6,
        method: 'ancv',
        methodId: 'vouchers',
        provider: 'fake',
        operation: 'payment',
        status: 'CAPTURED',
        partialAuth: 'chosen',
        requested: money(5000, 'EUR'),
        granted: money(4000, 'EUR'),
        refunded: money(0, 'EUR'),
        transactions: [
          {
            id: '0190f0a0-0000-7000-8000-0000000000b3' as TransactionId,
            createdAt: T0 + 4,
            updatedAt: T0 + 6,
            type: 'payment',
            amount: money(4000, 'EUR'),
            providerRef: 'psp-pay-2',
            status: { kind: 'succeeded', statusCode: 'PAID' },
          },
        ],
      },
    ],
    ...overrides,
  };
}

describe('buildSessionEndedPayload', () => {
  it('carries the spec table fields, attempts with their operations, card scheme and alias', () => {
    const payload = buildSessionEndedPayload(paidSession());
    expect(payload).toEqual({
      event: 'session-ended',
      notificationId: `${SESSION_ID}:PAID`,
      sessionId: SESSION_ID,
      orderId: 'order-42',
      status: 'PAID',
      total: { amount: 10000, currency: 'EUR' },
      captured: { amount: 10000, currency: 'EUR' },
      attempts: [
        {
          attemptId: '0190f0a0-0000-7000-8000-0000000000a1',
          method: 'card',
          methodId: 'card',
          cardScheme: 'visa',
          provider: 'fake',
          status: 'CAPTURED',
          requested: { amount: 6000, currency: 'EUR' },
          granted: { amount: 6000, currency: 'EUR' },
          cardAlias: 'alias-123',
          operations: [
            { type: 'authorization', status: 'succeeded', amount: { amount: 6000, currency: 'EUR' }, providerRef: 'psp-auth-1', statusCode: '00', statusMessage: 'Approved' },
            { type: 'capture', status: 'succeeded', amount: { amount: 6000, currency: 'EUR' }, providerRef: 'psp-cap-1' },
          ],
        },
        {
          attemptId: '0190f0a0-0000-7000-8000-0000000000a2',
          method: 'ancv',
          methodId: 'vouchers',
          provider: 'fake',
          status: 'CAPTURED',
          requested: { amount: 5000, currency: 'EUR' },
          granted: { amount: 4000, currency: 'EUR' },
          operations: [{ type: 'payment', status: 'succeeded', amount: { amount: 4000, currency: 'EUR' }, providerRef: 'psp-pay-2', statusCode: 'PAID' }],
        },
      ],
    });
  });

  it('leaks nothing internal: no ack, dispatch, token hash, lease or merchant id', () => {
    const text = JSON.stringify(buildSessionEndedPayload(paidSession({ lease: { owner: 'i1', until: T0 } })));
    for (const secretish of ['hash-of-token', 'ackCode', 'accepted', 'dispatch', 'lease', 'merchantId', 'm1', 'version']) {
      expect(text).not.toContain(secretish);
    }
  });

  it('a platform-made failure carries only its statusMessage, and an operation no PSP named has no providerRef', () => {
    const declined = cardAttempt({
      status: 'DECLINED',
      cardScheme: undefined,
      cardAlias: undefined,
      granted: money(0, 'EUR'),
      transactions: [
        {
          id: '0190f0a0-0000-7000-8000-0000000000c1' as TransactionId,
          createdAt: T0,
          updatedAt: T0,
          type: 'authorization',
          amount: money(6000, 'EUR'),
          status: { kind: 'failed', statusMessage: 'PSP unreachable' },
        },
      ],
    });
    const payload = buildSessionEndedPayload(paidSession({ status: 'EXPIRED', captured: money(0, 'EUR'), attempts: [declined] }));
    const [attempt] = payload.attempts as Record<string, unknown>[];
    expect(attempt).not.toHaveProperty('cardScheme');
    expect(attempt).not.toHaveProperty('cardAlias');
    expect(attempt?.operations).toEqual([{ type: 'authorization', status: 'failed', amount: { amount: 6000, currency: 'EUR' }, statusMessage: 'PSP unreachable' }]);
    expect(payload.notificationId).toBe(`${SESSION_ID}:EXPIRED`);
  });

  describe('terms and termsAcceptedAt', () => {
    const terms = [{ label: 'CGV', url: 'https://merchant.example/cgv' }];

    it('are both absent when no terms were declared', () => {
      const payload = buildSessionEndedPayload(paidSession());
      expect(payload).not.toHaveProperty('terms');
      expect(payload).not.toHaveProperty('termsAcceptedAt');
    });

    it('carry the list and the consent instant when the payer accepted', () => {
      const payload = buildSessionEndedPayload(paidSession({ terms, termsAcceptedAt: T0 + 1 }));
      expect(payload.terms).toEqual(terms);
      expect(payload.termsAcceptedAt).toBe(T0 + 1);
    });

    it('carry the list alone when the page never gathered consent', () => {
      const payload = buildSessionEndedPayload(paidSession({ status: 'EXPIRED', terms }));
      expect(payload.terms).toEqual(terms);
      expect(payload).not.toHaveProperty('termsAcceptedAt');
    });
  });

  it.each(['ABORTED', 'EXPIRED', 'AWAITED_REFUSED', 'PAID'] as const)('announces the ending %s under <sessionId>:<STATUS>', (status) => {
    expect(buildSessionEndedPayload(paidSession({ status })).notificationId).toBe(`${SESSION_ID}:${status}`);
    expect(sessionEndedNotificationId({ id: SESSION_ID, status })).toBe(`${SESSION_ID}:${status}`);
  });

  it.each(['PENDING', 'CAPTURING', 'ABORTING', 'EXPIRING', 'AWAITING'] as const)('refuses to announce %s, which is no ending', (status) => {
    expect(() => buildSessionEndedPayload(paidSession({ status }))).toThrow(/only endings/);
  });

  it('is plain JSON: a round trip changes nothing', () => {
    const payload = buildSessionEndedPayload(paidSession({ terms: [{ label: 'CGV', url: 'https://m.example/cgv' }], termsAcceptedAt: T0 }));
    expect(JSON.parse(JSON.stringify(payload))).toEqual(payload);
  });
});
