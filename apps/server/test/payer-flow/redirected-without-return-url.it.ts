import type { SessionView } from '@splitpay/domain';
import { eventuallyFound } from '../support/eventually-found';
import { useService } from '../support/use-service';

// D61: a session offering PayPal without returnUrl is created, and PayPal is listed but cannot be
// used; a card pays as before. The service over real HTTP, the fake PSP serving both methods.

const settled = (v: SessionView) => v.attempts.length > 0 && v.attempts.every((a) => a.status !== 'AUTHORIZING');
const CARD_AND_PAYPAL = { currency: 'EUR', total: 10_000, methods: [{ method: 'card' }, { method: 'paypal' }] };

jest.setTimeout(30_000);

describe('payer flow: a method that sends the payer to its PSP, in a session without returnUrl', () => {
  const h = useService();

  const warnings = () => h.logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.event === 'session.redirected_method_unusable');

  it('lists PayPal as not eligible, refuses starting it (nothing sent to the PSP), lets the card pay, and warns the operators once', async () => {
    const { page, sessionId } = await h.openPage({ ...CARD_AND_PAYPAL, orderId: 'no-way-back' });
    const view = (await page.view()).body.view;
    expect(view.methods.map((m) => [m.id, m.eligible])).toEqual([['card', true], ['paypal', false]]);

    const refused = await page.start({ methodId: 'paypal', amount: 10_000 });
    expect([refused.status, refused.body.code]).toEqual([409, 'MethodNotEligible']);
    expect(refused.body.message).toContain('returnUrl');
    expect((await page.view()).body.view.attempts).toEqual([]);

    // The capture's verdict is held until the grant is seen: it follows the grant by the PSP's delay,
    // which a loaded machine outran, seeing the tranche CAPTURED already.
    h.tap.dropNext((n) => n.event === 'capture');
    expect((await page.payByCard('card', 10_000)).status).toBe(201);
    expect((await page.waitFor(settled)).attempts).toEqual([expect.objectContaining({ status: 'AUTHORIZED' })]);
    const capture = await eventuallyFound(() => h.tap.deliveries.find((d) => !d.forwarded));
    expect((await h.tap.replay(capture)).status).toBe(200);
    expect((await page.waitFor((v) => v.status === 'PAID')).attempts).toEqual([expect.objectContaining({ status: 'CAPTURED' })]);

    expect(warnings()).toEqual([expect.objectContaining({ level: 'warn', merchantId: expect.any(String), sessionId, methods: ['paypal'] })]);
    expect(JSON.stringify(warnings())).not.toContain('no-way-back');
  });

  it('with a returnUrl, PayPal is eligible and starts, and nothing is warned', async () => {
    const { page, sessionId } = await h.openPage({ ...CARD_AND_PAYPAL, orderId: 'way-back', returnUrl: 'https://shop.example/back' });
    expect((await page.view()).body.view.methods.map((m) => [m.id, m.eligible])).toEqual([['card', true], ['paypal', true]]);
    expect((await page.start({ methodId: 'paypal', amount: 10_000 })).status).toBe(201);
    expect(warnings().filter((line) => line.sessionId === sessionId)).toEqual([]);
  });
});
