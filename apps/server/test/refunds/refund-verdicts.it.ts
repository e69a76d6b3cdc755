import { randomBytes } from 'node:crypto';
import { SIGNATURE_HEADER, signBody } from '@splitpay/psp-fake';
import type { TappedNotification } from '../support/notification-tap';
import { noRefundPending, paidByCard, refundDoors, refundsOf, useRefundService, waitForSession } from './refund-support';

jest.setTimeout(30_000);

const SIGNING_SECRET = randomBytes(32).toString('hex');

/** Refund verdicts arrive out-of-band like any other; `refunded` and `refundable` move only with them. */
describe('refund verdicts (out-of-band)', () => {
  const service = useRefundService({ env: { FAKE_PSP_SIGNING_SECRET: SIGNING_SECRET } });

  /** Swallows the next refund verdict the fake PSP sends and hands it back once it was sent. */
  async function interceptRefundVerdict(send: () => Promise<unknown>): Promise<TappedNotification> {
    const before = service.h.tap.deliveries.length;
    service.h.tap.dropNext((json) => json.event === 'refund');
    await send();
    const deadline = Date.now() + 5_000;
    for (;;) {
      const held = service.h.tap.deliveries.slice(before).find((d) => !d.forwarded && d.json?.event === 'refund');
      if (held) return held;
      if (Date.now() > deadline) throw new Error('no refund verdict was sent');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** The same verdict turned into a refusal, signed as the fake PSP signs. */
  function asFailure(verdict: TappedNotification): TappedNotification {
    const json = { ...verdict.json, id: `${String(verdict.json?.id)}-failed`, result: 'failed', code: 'refund-refused', message: 'issuer refused the refund' };
    const body = JSON.stringify(json);
    return { ...verdict, json, body, headers: { ...verdict.headers, [SIGNATURE_HEADER]: signBody(body, SIGNING_SECRET) } };
  }

  it('a refund is pending until its verdict; a failed verdict gives the amount back, a late success changes nothing, a new refund goes through', async () => {
    const paid = await paidByCard(service.h, [1_000]);
    const attemptId = paid.attempts[0]!.attemptId;
    let refundId = '';
    const verdict = await interceptRefundVerdict(async () => {
      const res = await refundDoors(service.h).attempt(attemptId, { token: service.client, body: { amount: 400 } });
      expect(res.status).toBe(202);
      refundId = (res.body.refunds as { transaction: { transactionId: string } }[])[0]!.transaction.transactionId;
    });

    const pending = await waitForSession(service.h, paid.sessionId, () => true);
    expect([pending.attempts[0]!.refunded.amount, pending.attempts[0]!.refundable.amount]).toEqual([0, 1_000]);
    expect(refundsOf(pending.attempts[0]!).map((t) => [t.transactionId, t.status.kind])).toEqual([[refundId, 'pending']]);

    expect(await service.h.tap.replay(asFailure(verdict))).toMatchObject({ status: 200 });
    const failed = await waitForSession(service.h, paid.sessionId, noRefundPending);
    expect(refundsOf(failed.attempts[0]!).map((t) => [t.transactionId, t.status])).toEqual([
      [refundId, { kind: 'failed', statusCode: 'refund-refused', statusMessage: 'issuer refused the refund' }],
    ]);
    expect([failed.attempts[0]!.refunded.amount, failed.attempts[0]!.refundable.amount]).toEqual([0, 1_000]);

    // The original (successful) verdict arriving late: the refund is already final, nothing moves.
    expect(await service.h.tap.replay(verdict)).toMatchObject({ status: 200 });
    const still = await waitForSession(service.h, paid.sessionId, () => true);
    expect(refundsOf(still.attempts[0]!).map((t) => t.status.kind)).toEqual(['failed']);
    expect(still.attempts[0]!.refunded.amount).toBe(0);

    // (The fake PSP itself did refund the 400 this test turned into a refusal, so it still holds 600.)
    const again = await refundDoors(service.h).attempt(attemptId, { token: service.client, body: { amount: 600 } });
    expect(again.status).toBe(202);
    const settled = await waitForSession(service.h, paid.sessionId, noRefundPending);
    expect([settled.attempts[0]!.refunded.amount, settled.attempts[0]!.refundable.amount]).toEqual([600, 400]);
    expect(refundsOf(settled.attempts[0]!).map((t) => [t.amount.amount, t.status.kind])).toEqual([
      [400, 'failed'],
      [600, 'succeeded'],
    ]);
  });
});
