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
});
