import { SHOP } from './merchants.fixture';
import {
  countPspRefundCalls,
  noRefundPending,
  paidByCard,
  REFUND_CONTRACT_CODES,
  refundDoors,
  refundsOf,
  takingOf,
  waitForSession,
  type RefundHarness,
} from '../refunds/refund-support';

/** The instances a burst alternates between (the first one also pays the sessions and reads them back). */
export interface RefundTopology {
  readonly instances: readonly [RefundHarness, ...RefundHarness[]];
  close(): Promise<void>;
}

interface Answered {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

const transactionIdsOf = (a: Answered): string[] =>
  ((a.body.refunds ?? []) as { transaction: { transactionId: string } }[]).map((r) => r.transaction.transactionId);

/** Every answer is a 202 or a refusal the contract declares for these doors; never a 5xx. */
function expectContractAnswers(answers: readonly Answered[]): void {
  expect(answers.filter((a) => a.status >= 500)).toEqual([]);
  for (const a of answers) {
    if (a.status === 202) expect(transactionIdsOf(a).length).toBeGreaterThanOrEqual(1);
    else expect([a.status, REFUND_CONTRACT_CODES.includes(String(a.body.code))]).toEqual([expect.any(Number), true]);
  }
}

/**
 * The refund doors under a burst of concurrent requests (real HTTP, fake PSP), alternating between the
 * topology's instances and, within them, between the merchant's API token and its dashboard contact's.
 */
export function describeRefundBursts(title: string, start: () => Promise<RefundTopology>): void {
  describe(title, () => {
    let topology: RefundTopology;
    let paying: RefundHarness;
    let lanes: { doors: ReturnType<typeof refundDoors>; token: string }[];
    const psp = countPspRefundCalls();

    beforeAll(async () => {
      topology = await start();
      paying = topology.instances[0];
      lanes = await Promise.all(
        [0, 1].map(async (i) => {
          const h = topology.instances[i % topology.instances.length]!;
          return { doors: refundDoors(h), token: i === 0 ? await h.clientToken(SHOP) : await h.contactToken() };
        }),
      );
    });
    afterAll(async () => {
      psp.stop();
      await topology.close();
    });

    it('200 concurrent requests with one idempotency key on one attempt: one refund transaction, one PSP refund call, every answer carries it', async () => {
      const paid = await paidByCard(paying, [1_000]);
      const attemptId = paid.attempts[0]!.attemptId;
      const callsBefore = psp.calls.length;

      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => lanes[i % 2]!.doors.attempt(attemptId, { token: lanes[i % 2]!.token, body: { amount: 400 }, idempotencyKey: 'burst-refund-1' })),
      );

      expectContractAnswers(answers);
      expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 200 }, () => 202));
      const named = new Set(answers.flatMap(transactionIdsOf));
      expect(named.size).toBe(1);

      const settled = await waitForSession(paying, paid.sessionId, noRefundPending);
      const refunds = refundsOf(settled.attempts[0]!);
      expect(refunds.map((t) => [t.transactionId, t.amount.amount, t.status.kind])).toEqual([[[...named][0], 400, 'succeeded']]);
      expect(settled.attempts[0]!.refunded.amount).toBe(400);
      expect(psp.calls.slice(callsBefore).map((c) => c.idempotencyKey)).toEqual([...named]);
      expect(topology.instances.flatMap((h) => h.logLines).filter((line) => line.includes('http.unexpected_error'))).toEqual([]);
    });

    it('50 concurrent full refunds without a key on one PAID session, through all three doors: refunded never exceeds granted', async () => {
      const paid = await paidByCard(paying, [600, 400]);
      const [first, second] = [paid.attempts[0]!, paid.attempts[1]!];
      const callsBefore = psp.calls.length;
      const fire = () =>
        Promise.all(
          Array.from({ length: 50 }, (_, i) => {
            const { doors, token } = lanes[i % 2]!;
            const attempt = i % 4 < 2 ? first : second;
            switch (i % 3) {
              case 0:
                return doors.session(paid.sessionId, { token });
              case 1:
                return doors.attempt(attempt.attemptId, { token, body: {} });
              default:
                return doors.transaction(takingOf(attempt).transactionId, { token });
            }
          }),
        );

      const answers = await fire();

      expectContractAnswers(answers);
      expect(answers.some((a) => a.status === 202)).toBe(true);
      for (const a of answers.filter((x) => x.status !== 202)) expect(['RefundInFlight', 'NothingToRefund']).toContain(a.body.code);

      const settled = await waitForSession(paying, paid.sessionId, noRefundPending);
      for (const attempt of settled.attempts) {
        const succeeded = refundsOf(attempt).filter((t) => t.status.kind === 'succeeded');
        expect(attempt.refunded.amount).toBeLessThanOrEqual(attempt.granted.amount);
        expect(succeeded.reduce((sum, t) => sum + t.amount.amount, 0)).toBe(attempt.refunded.amount);
        // Full refunds converge: everything came back, in exactly one refund.
        expect([attempt.refunded.amount, refundsOf(attempt).length]).toEqual([attempt.granted.amount, 1]);
      }
      const recorded = settled.attempts.flatMap(refundsOf).map((t) => t.transactionId);
      expect(new Set(answers.flatMap(transactionIdsOf))).toEqual(new Set(recorded));
      expect(psp.calls.length - callsBefore).toBe(recorded.length);

      const late = await fire();
      expectContractAnswers(late);
      expect(new Set(late.map((a) => `${a.status} ${String(a.body.code)}`))).toEqual(new Set(['409 NothingToRefund']));
      const after = await waitForSession(paying, paid.sessionId, noRefundPending);
      expect(after.attempts.map((a) => [a.refunded.amount, a.refundable.amount])).toEqual([
        [600, 0],
        [400, 0],
      ]);
    });
  });
}
