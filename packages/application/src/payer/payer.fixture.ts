import { createSession, DEFAULT_POLICY, merchantId, type DomainContext, type Session } from '@splitpay/domain';
import { CARD_CAPS, catalog, HOLD_CAPS } from '@splitpay/domain/src/testing';

/** Test data of the payer use cases: a session created through the domain, and a context. */
export const T0 = Date.UTC(2026, 0, 1);

const CATALOG = catalog({ psp: { card: CARD_CAPS, applepay: { ...HOLD_CAPS, confirm: true } } });

let seq = 0;
export function ctxAt(now: number): DomainContext {
  return { now, newId: () => `0190c0de-0000-7000-8000-${String(++seq).padStart(12, '0')}`, policy: DEFAULT_POLICY };
}

/** A PENDING session offering card and applepay on provider `psp`. */
export function aSession(): Session {
  return createSession(
    { currency: 'EUR', total: 10_000, orderId: 'order-1', methods: [{ method: 'card' }, { method: 'applepay' }] },
    {
      now: T0,
      newId: () => ctxAt(T0).newId(),
      account: {
        merchantId: merchantId('m1'),
        contracts: [
          { method: 'card', provider: 'psp' },
          { method: 'applepay', provider: 'psp' },
        ],
      },
      psps: CATALOG,
      defaultTtlMs: 15 * 60_000,
      elementsTokenHash: 'digest-of-pst_token',
    },
  );
}
