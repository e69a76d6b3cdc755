import { giveUpAfterRetries, loseWhatThePspSays } from '../support/given-up-operation';
import { PspOperationTap } from '../support/psp-operation-tap';
import { paidByCard, refundDoors, refundsOf, sessionOf, useRefundService, waitForSession } from './refund-support';

jest.setTimeout(30_000);

/**
 * A refund the PSP made while every answer to the service was lost (the first one dropped on its way
 * back, the retries answered 503): the service gives it up after its retries, but the PSP may well
 * have refunded, so the refund stays pending (in flight) until the PSP's own verdict settles it.
 */
describe('a refund given up after its retries', () => {
  const tap = new PspOperationTap();
  const service = useRefundService(async () => ({ env: { FAKE_PSP_URL: `${await tap.start()}/fake-psp` } }));
  beforeAll(() => tap.forwardTo(service.h.url));
  afterAll(() => tap.close());

  it("stays in flight (pending, a second refund refused RefundInFlight) until the PSP's late success settles it; never refunded twice", async () => {
    const { h } = service;
    const paid = await paidByCard(h, [1_000]);
    const attemptId = paid.attempts[0]!.attemptId;

    // The PSP refunds, but its answer never comes back, and its confirmation is held back (a slow PSP).
    const confirmation = loseWhatThePspSays(h, tap, 'refund');
    const res = await refundDoors(h).attempt(attemptId, { token: service.client, body: { amount: 300 }, idempotencyKey: 'first' });
    expect(res.status).toBe(202);
    const refundId = (res.body.refunds as { transaction: { transactionId: string } }[])[0]!.transaction.transactionId;
    const heldConfirmation = await confirmation;

    // Every retry is answered 503: the service gives the refund up.
    await giveUpAfterRetries(h, /^\/fake-psp\/api\/payments\/[^/]+\/refunds/);
    const alerts = h.logLines.filter((l) => l.includes('psp.operation_given_up') && l.includes(refundId));
    expect(alerts.map((l) => JSON.parse(l) as Record<string, unknown>)).toEqual([expect.objectContaining({ level: 'error', type: 'refund', transactionId: refundId })]);

    const givenUp = await sessionOf(h, paid.sessionId);
    expect(refundsOf(givenUp.attempts[0]!).map((t) => [t.transactionId, t.status.kind])).toEqual([[refundId, 'pending']]);
    expect(givenUp.attempts[0]!.refunded.amount).toBe(0);
    const second = await refundDoors(h).attempt(attemptId, { token: service.client, body: { amount: 300 }, idempotencyKey: 'second' });
    expect([second.status, second.body.code]).toEqual([409, 'RefundInFlight']);
    expect((await refundDoors(h).session(paid.sessionId, { token: service.client })).body.code).toBe('RefundInFlight');

    // The PSP's confirmation arrives at last: the refund is settled as the PSP made it.
    expect(await h.tap.replay(heldConfirmation)).toMatchObject({ status: 200 });
    const settled = await waitForSession(h, paid.sessionId, (s) => refundsOf(s.attempts[0]!).every((t) => t.status.kind !== 'pending'));
    expect(refundsOf(settled.attempts[0]!).map((t) => [t.transactionId, t.status.kind])).toEqual([[refundId, 'succeeded']]);
    expect([settled.attempts[0]!.refunded.amount, settled.attempts[0]!.refundable.amount]).toEqual([300, 700]);
    // One refund was ever asked of the PSP (its first send, then the same key retried).
    expect([...tap.operationCalls().keys()].filter((name) => name.startsWith('refunds:'))).toEqual([`refunds:${refundId}`]);
  });
});
