import type { SessionView } from '@splitpay/domain';
import { DEMO } from './merchants.fixture';
import type { DemoDashboard } from './demo-dashboard';
import { readSession } from './service-harness';

interface StoredRefunds {
  attempts: { transactions: { type: string; amount: { amount: number }; status: { kind: string } }[] }[];
}

/** A refund as the service stored it: its amount and its status. */
export interface StoredRefund {
  readonly amount: number;
  readonly status: string;
}

/** The demo merchant's session the calling describe block refunds from, paid by card before its tests. */
export interface PaidDemoSession {
  readonly orderId: string;
  /** Set once the session is paid (before the first test). */
  sessionId: string;
  /** Its refunds as stored, in order. */
  refunds(): Promise<StoredRefund[]>;
}

/** Opens and pays by card, before the calling describe block's tests, one demo session of `total` (EUR cents). */
export function usePaidDemoSession(demo: DemoDashboard, orderPrefix: string, total = 5_000): PaidDemoSession {
  const paid: PaidDemoSession = {
    orderId: `${orderPrefix}-${Date.now().toString(36)}`,
    sessionId: '',
    refunds: async () => {
      const stored = (await readSession(demo.service(), paid.sessionId, DEMO)).body as unknown as StoredRefunds;
      return stored.attempts.flatMap((a) => a.transactions.filter((t) => t.type === 'refund').map((t) => ({ amount: t.amount.amount, status: t.status.kind })));
    },
  };
  beforeAll(async () => {
    const { page, sessionId } = await demo.service().openPage({ currency: 'EUR', total, orderId: paid.orderId, methods: [{ method: 'card' }] }, DEMO);
    paid.sessionId = sessionId;
    await page.payByCard('card', total);
    expect((await page.waitFor((v) => v.status === 'PAID', 15_000)).status).toBe('PAID');
  }, 90_000);
  return paid;
}

/** Opens one demo session of €100.00 and pays it in two card tranches, €40.00 by Visa then €60.00 by Mastercard; answers its id. */
export async function payInTwoCardTranches(demo: DemoDashboard, orderId: string): Promise<string> {
  const opened = await demo.service().openPage({ currency: 'EUR', total: 10_000, orderId, methods: [{ method: 'card' }] }, DEMO);
  await opened.page.payByCard('card', 4_000, '4111111111111111');
  await opened.page.waitFor((v: SessionView) => v.attempts[0]?.status === 'AUTHORIZED', 15_000);
  await opened.page.payByCard('card', 6_000, '5555555555554444');
  expect((await opened.page.waitFor((v: SessionView) => v.status === 'PAID', 15_000)).status).toBe('PAID');
  return opened.sessionId;
}
