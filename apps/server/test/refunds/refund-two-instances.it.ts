import { randomBytes } from 'node:crypto';
import { ManualClock } from '@splitpay/infra';
import { createEmbeddedStores } from '@splitpay/store-embedded';
import { SHOP } from '../support/merchants.fixture';
import {
  countPspRefundCalls,
  noRefundPending,
  paidByCard,
  REFUND_CONTRACT_CODES,
  refundDoors,
  refundsOf,
  startRefundService,
  waitForSession,
  type RefundHarness,
} from './refund-support';

jest.setTimeout(30_000);

/** Two service instances on one store, sharing one fake PSP (instance A's), as one deployment would. */
describe('refunds across two instances on one store', () => {
  const stores = createEmbeddedStores();
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  const psp = countPspRefundCalls();
  let a: RefundHarness;
  let b: RefundHarness;
  let both: { doors: ReturnType<typeof refundDoors>; token: string }[];

  beforeAll(async () => {
    const shared = {
      FAKE_PSP_API_KEY: randomBytes(16).toString('hex'),
      FAKE_PSP_SIGNING_SECRET: randomBytes(32).toString('hex'),
      ACCESS_TOKEN_SIGNING_KEY: randomBytes(32).toString('hex'),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    };
    a = await startRefundService({ stores, clock, env: shared });
    b = await startRefundService({ stores, clock, env: { ...shared, FAKE_PSP_URL: `${a.url}/fake-psp` } });
    both = [
      { doors: refundDoors(a), token: await a.clientToken(SHOP) },
      { doors: refundDoors(b), token: await b.contactToken() },
    ];
  });
  afterAll(async () => {
    psp.stop();
    await b.close();
    await a.close();
  });

  it('one idempotency key presented 200 times to both instances: one refund, one PSP call, one answer', async () => {
    const paid = await paidByCard(a, [1_000]);
    const attemptId = paid.attempts[0]!.attemptId;
    const before = psp.calls.length;

    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => both[i % 2]!.doors.attempt(attemptId, { token: both[i % 2]!.token, body: { amount: 600 }, idempotencyKey: 'two-instances' })),
    );

    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 200 }, () => 202));
    const named = new Set(answers.map((r) => (r.body.refunds as { transaction: { transactionId: string } }[])[0]!.transaction.transactionId));
    expect(named.size).toBe(1);
    const settled = await waitForSession(a, paid.sessionId, noRefundPending);
    expect(refundsOf(settled.attempts[0]!).map((t) => [t.transactionId, t.status.kind])).toEqual([[[...named][0], 'succeeded']]);
    expect(psp.calls.slice(before).map((c) => c.idempotencyKey)).toEqual([...named]);
  });

  it('50 keyless full refunds split across both instances never refund more than was granted', async () => {
    const paid = await paidByCard(a, [700, 300]);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const { doors, token } = both[i % 2]!;
        return i % 4 === 0 ? doors.session(paid.sessionId, { token }) : doors.attempt(paid.attempts[i % 3 === 0 ? 0 : 1]!.attemptId, { token });
      }),
    );
    expect(answers.filter((r) => r.status >= 500)).toEqual([]);
    for (const r of answers.filter((x) => x.status !== 202)) expect(REFUND_CONTRACT_CODES).toContain(r.body.code);

    const settled = await waitForSession(a, paid.sessionId, (s) => noRefundPending(s) && s.attempts.every((x) => x.refundable.amount === 0));
    expect(settled.attempts.map((x) => [x.granted.amount, x.refunded.amount, refundsOf(x).length])).toEqual([
      [700, 700, 1],
      [300, 300, 1],
    ]);
  });
});
