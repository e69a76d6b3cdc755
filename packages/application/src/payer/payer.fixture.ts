import {
  createSession,
  DEFAULT_POLICY,
  merchantId,
  type DomainContext,
  type DriverCapabilities,
  type PspCatalog,
  type Session,
} from '@splitpay/domain';

/** Test data of the payer use cases: a session created through the domain, and a context. */
export const T0 = Date.UTC(2026, 0, 1);

const HOLD: DriverCapabilities = {
  operation: 'authorization',
  partialAuthorization: false,
  payerChosenPartial: false,
  void: true,
  refund: true,
  partialRefund: true,
  statusLookup: true,
  aliasRegistration: false,
  threeDSecure: true,
  confirm: false,
  financing: false,
  redirect: false,
  cardIntegration: 'fake',
};

const CATALOG: PspCatalog = {
  carries: (provider) => provider === 'psp',
  driver: (_provider, method) => (method === 'card' || method === 'applepay' ? { capabilities: { ...HOLD, confirm: method === 'applepay' } } : undefined),
};

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
