import type { AttemptViewEntry, MethodView, SessionView } from '../types/session-view';

const eur = (amount: number) => ({ amount, currency: 'EUR' });

export const cardMethod: MethodView = { method: 'card', id: 'card', eligible: true, schemes: ['visa', 'mastercard'], integration: 'fake', partialAuth: 'mandated' };
export const ancvMethod: MethodView = { method: 'ancv', id: 'ancv', eligible: true, range: { min: 1000, max: 5000, currency: 'EUR' } };
export const paypalMethod: MethodView = { method: 'paypal', id: 'paypal', eligible: true };
export const oneyMethod: MethodView = {
  method: 'oney',
  id: 'oney',
  eligible: true,
  plans: [
    {
      installments: 3,
      withFees: false,
      eligible: true,
      schedule: [
        { dueAt: Date.UTC(2026, 0, 1), amount: eur(4000) },
        { dueAt: Date.UTC(2026, 0, 31), amount: eur(4000) },
        { dueAt: Date.UTC(2026, 2, 2), amount: eur(4000) },
      ],
      fees: eur(0),
      total: eur(12000),
      creditAdvanced: eur(8000),
      apr: 0,
    },
  ],
};

/** A pending view of a €120.00 order offering card, ANCV (€10–€50) and PayPal. */
export function pendingView(overrides: Partial<SessionView> = {}): SessionView {
  return {
    status: 'PENDING',
    currency: 'EUR',
    minorUnits: 2,
    total: eur(12000),
    remaining: eur(12000),
    expiresAt: Date.now() + 15 * 60_000,
    methods: [cardMethod, ancvMethod, paypalMethod],
    orderId: 'order-1',
    cartItems: [{ label: 'Sofa', quantity: 1, amount: eur(12000) }],
    attempts: [],
    ...overrides,
  };
}

export function attempt(overrides: Partial<AttemptViewEntry> = {}): AttemptViewEntry {
  return {
    attemptId: '0190a0a0-0000-7000-8000-000000000001',
    method: 'card',
    methodId: 'card',
    status: 'AUTHORIZED',
    operation: 'authorization',
    requested: eur(4000),
    granted: eur(4000),
    abandonable: true,
    ...overrides,
  };
}

/** A fetch that answers views in turn (the last one again once they run out) and records every call. */
export function scriptedFetch(answers: readonly (SessionView | { status: number; body: unknown; headers?: Record<string, string> })[]) {
  const calls: { url: string; method: string; headers: Record<string, string>; body?: unknown }[] = [];
  let next = 0;
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    calls.push({ url, method: init.method ?? 'GET', headers: init.headers as Record<string, string>, ...(init.body ? { body: JSON.parse(String(init.body)) } : {}) });
    const answer = answers[Math.min(next, answers.length - 1)];
    next += 1;
    if (answer && 'status' in answer && 'body' in answer && typeof answer.status === 'number') {
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json', ...(answer.headers ?? {}) } });
    }
    return new Response(JSON.stringify({ view: answer }), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, calls };
}
