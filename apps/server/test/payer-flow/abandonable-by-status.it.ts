import type { SessionView } from '@splitpay/domain';
import { pressFakePspButton } from '../support/elements-client';
import { useService } from '../support/use-service';

const noneInFlight = (v: SessionView) => v.attempts.length > 0 && v.attempts.every((a) => a.status !== 'AUTHORIZING');

jest.setTimeout(30_000);

/**
 * The view's `abandonable` says what the doors do: for each status an attempt reaches, the view is
 * read, then abandon (and cancel, which ends a held tranche) are tried on it (D148).
 */
describe('payer flow: abandonable is what the doors would do, status by status', () => {
  const h = useService();

  it('true while AUTHORIZING and for a held tranche; false once DECLINED, CANCELLED, VOIDED or CAPTURED', async () => {
    const { page } = await h.openPage({ currency: 'EUR', total: 10_000, orderId: 'abandonable-by-status', methods: [{ method: 'paypal' }, { method: 'card' }], returnUrl: 'https://shop.example/back' });
    const seen: [string, boolean, boolean][] = [];
    const check = async (attemptId: string): Promise<void> => {
      const view = (await page.view()).body.view;
      const attempt = view.attempts.find((a) => a.attemptId === attemptId)!;
      const abandoned = await page.abandonAttempt(attemptId);
      const ended = abandoned.status === 200 || (attempt.status === 'AUTHORIZED' && (await page.cancel(attemptId)).status === 200);
      seen.push([attempt.status, attempt.abandonable, ended]);
    };

    // DECLINED: paypal refused on its page.
    const refused = await page.start({ methodId: 'paypal', amount: 4_000 });
    await pressFakePspButton(refused.body.view.attempts[0]!.redirect!.url, 'decline');
    await page.waitFor(noneInFlight);
    await check(refused.body.attemptId!);

    // AUTHORIZING, then (the abandon door took it) CANCELLED.
    const walkedAway = await page.start({ methodId: 'paypal', amount: 4_000 });
    await check(walkedAway.body.attemptId!);
    await check(walkedAway.body.attemptId!);

    // AUTHORIZED hold (the cancel door takes it), then VOIDED once the void succeeded.
    const held = await page.payByCard('card', 4_000);
    await page.waitFor(noneInFlight);
    await check(held.body.attemptId!);
    await page.waitFor((v) => v.attempts.find((a) => a.attemptId === held.body.attemptId)?.status === 'VOIDED');
    await check(held.body.attemptId!);

    expect(seen).toEqual([
      ['DECLINED', false, false],
      ['AUTHORIZING', true, true],
      ['CANCELLED', false, false],
      ['AUTHORIZED', true, true],
      ['VOIDED', false, false],
    ]);

    // CAPTURED: the order paid in full, the session ended; the view says nothing is left to end.
    await page.payByCard('card', 10_000);
    const paid = await page.waitFor((v) => v.status === 'PAID');
    const captured = paid.attempts.find((a) => a.status === 'CAPTURED')!;
    expect(captured.abandonable).toBe(false);
    expect((await page.abandonAttempt(captured.attemptId)).status).toBe(409);
  });

  it('false in a session the doors no longer act on: an AUTHORIZED hold once the ttl passed, then EXPIRED; a hold of an aborted session', async () => {
    const doors = async (page: Awaited<ReturnType<typeof h.openPage>>['page'], attemptId: string) => {
      const view = (await page.view()).body.view;
      const abandoned = await page.abandonAttempt(attemptId);
      const cancelled = await page.cancel(attemptId);
      return [view.status, view.attempts.find((a) => a.attemptId === attemptId)!.abandonable, abandoned.status, abandoned.body.code, cancelled.status, cancelled.body.code];
    };

    const expiring = (await h.openPage({ currency: 'EUR', total: 10_000, orderId: 'abandonable-expired', ttlMs: 60_000, methods: [{ method: 'card' }] })).page;
    const held = await expiring.payByCard('card', 4_000);
    const heldView = await expiring.waitFor(noneInFlight);
    expect(heldView.attempts.map((a) => [a.status, a.abandonable])).toEqual([['AUTHORIZED', true]]);
    // The ttl passed, the worker has not run yet: the session is still recorded PENDING, its hold still counts.
    h.clock.advance(60_000);
    expect(await doors(expiring, held.body.attemptId!)).toEqual(['PENDING', false, 409, 'SessionNotPending', 409, 'SessionNotPending']);
    await h.runWorkers();
    await expiring.waitFor((v) => v.status === 'EXPIRED');
    expect(await doors(expiring, held.body.attemptId!)).toEqual(['EXPIRED', false, 409, 'SessionReadOnly', 409, 'SessionReadOnly']);

    const aborting = (await h.openPage({ currency: 'EUR', total: 10_000, orderId: 'abandonable-aborted', methods: [{ method: 'card' }] })).page;
    const kept = await aborting.payByCard('card', 4_000);
    await aborting.waitFor(noneInFlight);
    expect((await aborting.abandonSession()).status).toBe(200);
    await aborting.waitFor((v) => v.status === 'ABORTED');
    expect(await doors(aborting, kept.body.attemptId!)).toEqual(['ABORTED', false, 409, 'SessionReadOnly', 409, 'SessionReadOnly']);
  });
});
