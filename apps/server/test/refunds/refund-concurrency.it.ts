import { SHOP } from '../support/merchants.fixture';
import {
  countPspRefundCalls,
  noRefundPending,
  paidByCard,
  REFUND_CONTRACT_CODES,
  refundDoors,
  refundsOf,
  startRefundService,
  takingOf,
  waitForSession,
  type RefundHarness,
} from './refund-support';

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

describe('refund doors under concurrency (real HTTP, fake PSP)', () => {
  let h: RefundHarness;
  let doors: ReturnType<typeof refundDoors>;
  let tokens: string[];
  const psp = countPspRefundCalls();

  beforeAll(async () => {
    h = await startRefundService();
    doors = refundDoors(h);
    tokens = [await h.clientToken(SHOP), await h.contactToken()];
  });
  afterAll(async () => {
    psp.stop();
    await h.close();
  });

  it('200 concurrent requests with one idempotency key on one attempt: one refund transaction, one PSP refund call, every answer carries it', async () => {
    const paid = await paidByCard(h, [1_000]);
    const attemptId = paid.attempts[0]!.attemptId;
    const callsBefore = psp.calls.length;

    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => doors.attempt(attemptId, { token: tokens[i % 2], body: { amount: 400 }, idempotencyKey: 'burst-refund-1' })),
    );

    expectContractAnswers(answers);
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 200 }, () => 202));
    const named = new Set(answers.flatMap(transactionIdsOf));
    expect(named.size).toBe(1);

    const settled = await waitForSession(h, paid.sessionId, noRefundPending);
    const refunds = refundsOf(settled.attempts[0]!);
    expect(refunds.map((t) => [t.transactionId, t.amount.amount, t.status.kind])).toEqual([[[...named][0], 400, 'succeeded']]);
    expect(settled.attempts[0]!.refunded.amount).toBe(400);
    expect(psp.calls.length - callsBefore).toBe(1);
    expect(h.logLines.filter((line) => line.includes('http.unexpected_error'))).toEqual([]);
  });

  it('50 concurrent full refunds without a key on one PAID session, through all three doors: refunded never exceeds granted', async () => {
    const paid = await paidByCard(h, [600, 400]);
    const [first, second] = [paid.attempts[0]!, paid.attempts[1]!];
    const callsBefore = psp.calls.length;
    const fire = () =>
      Promise.all(
        Array.from({ length: 50 }, (_, i) => {
          const token = tokens[i % 2];
          const attempt = i % 2 === 0 ? first : second;
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

    const settled = await waitForSession(h, paid.sessionId, noRefundPending);
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
    const after = await waitForSession(h, paid.sessionId, noRefundPending);
    expect(after.attempts.map((a) => [a.refunded.amount, a.refundable.amount])).toEqual([
      [600, 0],
      [400, 0],
    ]);
  });
});
