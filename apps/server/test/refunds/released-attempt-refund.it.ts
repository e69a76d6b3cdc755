import type { SessionId } from '@splitpay/domain';
import { pressFakePspButton } from '../support/elements-client';
import { refundDoors, sessionOf, takingOf, useRefundService } from './refund-support';

/** dispatchRetryDelaysMs of the default policy: the tries after the first, then the operation is given up. */
const RETRY_DELAYS = [5_000, 30_000, 120_000, 600_000];

jest.setTimeout(30_000);

/**
 * An attempt the service is handing back is not the merchant's to refund: here vouchers taken on a
 * session that expired, whose refund by the service kept failing and was given up (still pending: it
 * may have reached the PSP), so a merchant refund could send the money twice.
 */
describe('refund doors: an attempt the service handed back (its refund given up)', () => {
  const service = useRefundService();
  const { psp } = service;

  const refundOf = async (sessionId: string) =>
    (await service.h.stores.sessions.findById(sessionId as SessionId))!.attempts[0]!.transactions.find((t) => t.type === 'refund');

  async function until(probe: () => Promise<boolean>): Promise<void> {
    for (let i = 0; i < 300 && !(await probe()); i++) await new Promise((r) => setTimeout(r, 10));
  }

  /** Vouchers take 3 000 of 10 000, the session expires, the service's refund fails until given up. */
  async function expiredWithVouchersOwed(): Promise<string> {
    const clear = service.h.injectFault((method, path) => method === 'POST' && /^\/fake-psp\/api\/payments\/[^/]+\/refunds/.test(path));
    try {
      const { page, sessionId } = await service.h.openPage({
        currency: 'EUR',
        total: 10_000,
        orderId: `owed-${Math.random().toString(36).slice(2, 10)}`,
        ttlMs: 60_000,
        methods: [{ method: 'ancv' }, { method: 'card' }],
        returnUrl: 'https://shop.example/back',
      });
      const vouchers = await page.start({ methodId: 'ancv', amount: 3_000 });
      await pressFakePspButton(vouchers.body.view.attempts[0]!.redirect!.url, 'approve');
      await page.waitFor((v) => v.attempts[0]?.status === 'CAPTURED');
      service.h.clock.advance(60_000);
      await service.h.runWorkers();
      await until(async () => {
        const dispatch = (await refundOf(sessionId))?.dispatch;
        return dispatch?.state === 'owed' && dispatch.tries === 1;
      });
      for (const delay of RETRY_DELAYS) {
        service.h.clock.advance(delay);
        await service.h.runWorkers();
      }
      return sessionId;
    } finally {
      clear();
    }
  }

  it('reads refundable zero and answers NothingToRefund at the attempt, transaction and session doors, calling no PSP', async () => {
    const sessionId = await expiredWithVouchersOwed();
    const session = await sessionOf(service.h, sessionId);
    expect(session.status).toBe('EXPIRED');
    const vouchers = session.attempts[0]!;
    expect(vouchers).toMatchObject({ status: 'CAPTURED', granted: { amount: 3_000 }, refunded: { amount: 0 } });
    expect(vouchers.transactions.filter((t) => t.type === 'refund').map((t) => t.status.kind)).toEqual(['pending']);
    expect(vouchers.refundable.amount).toBe(0);

    const doors = refundDoors(service.h);
    const callsBefore = psp.calls.length;
    const answers = [
      await doors.attempt(vouchers.attemptId, { token: service.client }),
      await doors.attempt(vouchers.attemptId, { token: service.client, body: { amount: 3_000 }, idempotencyKey: 'owed-1' }),
      await doors.transaction(takingOf(vouchers).transactionId, { token: service.client }),
      await doors.session(sessionId, { token: service.client }),
    ];
    expect(answers.map((a) => [a.status, a.body.code])).toEqual(Array(4).fill([409, 'NothingToRefund']));
    expect(psp.calls.length).toBe(callsBefore);
    expect((await sessionOf(service.h, sessionId)).attempts[0]!.transactions.filter((t) => t.type === 'refund')).toHaveLength(1);
  });
});
