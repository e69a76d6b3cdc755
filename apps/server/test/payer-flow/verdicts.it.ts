import type { SessionId, SessionView } from '@splitpay/domain';
import { signBody } from '@splitpay/psp-fake';
import { useService } from '../support/use-service';
import { eventuallyFound } from '../support/eventually-found';

/** The fake PSP's signing secret, fixed here so the tests can sign notifications as the PSP would. */
const SIGNING_SECRET = 'verdicts-test-signing-secret';

jest.setTimeout(30_000);

describe('payer flow: out-of-band verdicts that arrive twice, late, out of order, or not at all', () => {
  const h = useService({ env: { FAKE_PSP_SIGNING_SECRET: SIGNING_SECRET } });

  const stored = async (sessionId: string) => (await h.stores.sessions.findById(sessionId as SessionId))!;

  it('looks an overdue verdict up, then a late authorization and a duplicate capture change nothing', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 10_000, orderId: 'verdicts', methods: [{ method: 'card' }] });
    h.tap.dropNext((n) => n.event === 'authorization' && n.result === 'authorized');
    await page.payByCard('card', 10_000);
    const dropped = await eventuallyFound(() => h.tap.deliveries.find((d) => !d.forwarded));
    expect((await page.view()).body.view.attempts[0]?.status).toBe('AUTHORIZING');

    // No verdict came: once overdue, the worker asks the PSP, whose answer is authoritative.
    await h.runWorkers();
    expect((await page.view()).body.view.attempts[0]?.status).toBe('AUTHORIZING');
    h.clock.advance(60_000);
    await h.runWorkers();
    // The lookup's answer authorized the tranche, and its capture went out at once: the capture's own
    // verdict comes 20 ms later, so a slow machine may already see it.
    const looked = (await page.view()).body.view;
    expect([
      ['CAPTURING', 'AUTHORIZED'],
      ['PAID', 'CAPTURED'],
    ]).toContainEqual([looked.status, looked.attempts[0]?.status]);
    await h.runWorkers();
    const paid = await page.waitFor((v: SessionView) => v.status === 'PAID');
    const capture = await eventuallyFound(() => h.tap.deliveries.find((d) => d.json?.event === 'capture'));

    const before = await stored(sessionId);
    const late = await h.tap.replay(dropped);
    expect(late.status).toBe(200);
    const duplicate = await h.tap.replay(capture);
    expect(duplicate.status).toBe(200);
    const after = await stored(sessionId);
    expect(after.version).toBe(before.version);
    expect(after).toEqual(before);
    expect((await page.view()).body.view).toEqual(paid);
  });

  it('applies a declined verdict once: its duplicate changes nothing', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 2_000, orderId: 'verdict-twice', methods: [{ method: 'card' }] });
    const started = await page.payByCard('card', 2_000, '4000000000000002');
    await page.waitFor((v) => v.attempts[0]?.status === 'DECLINED');
    const declined = await eventuallyFound(() => h.tap.deliveries.find((d) => d.json?.event === 'authorization' && d.json.result === 'declined'));
    const before = await stored(sessionId);
    expect(before.attempts[0]?.id).toBe(started.body.attemptId);
    expect((await h.tap.replay(declined)).status).toBe(200);
    expect(await stored(sessionId)).toEqual(before);
  });

  it('refuses an unauthenticated or unparseable notification without changing anything or logging its body', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 2_000, orderId: 'forged', methods: [{ method: 'card' }] });
    const seen = h.tap.deliveries.length;
    h.tap.dropNext((n) => n.event === 'authorization');
    await page.payByCard('card', 2_000);
    const real = await eventuallyFound(() => h.tap.deliveries.slice(seen).find((d) => !d.forwarded));
    const before = await stored(sessionId);

    const forgedBody = real.body.replace('"authorized"', '"declined"');
    const forged = await h.tap.replay({ ...real, body: forgedBody });
    expect(forged.status).toBe(401);
    const garbage = await h.tap.replay({ ...real, body: 'FORGED-BODY-SENTINEL {' });
    expect(garbage.status).toBeGreaterThanOrEqual(400);
    expect(await stored(sessionId)).toEqual(before);
    expect(h.logLines.some((l) => l.includes('psp.notification_rejected'))).toBe(true);
    expect(h.logLines.some((l) => l.includes('FORGED-BODY-SENTINEL') || l.includes(forgedBody))).toBe(false);

    const unknownProvider = await fetch(`${h.url}/psp/nobody/notifications`, { method: 'POST', body: '{}' });
    expect(unknownProvider.status).toBe(404);
    expect(((await unknownProvider.json()) as { code: string }).code).toBe('NotFound');

    // The genuine one still applies.
    expect((await h.tap.replay(real)).status).toBe(200);
    await page.waitFor((v) => v.status === 'PAID');
  });

  /** POSTs a body to the fake provider's notification door, signed as the fake PSP signs. */
  async function signed(body: string): Promise<{ status: number; text: string }> {
    const res = await fetch(`${h.url}/psp/fake/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-fake-psp-signature': signBody(body, SIGNING_SECRET), 'x-test-notification-tap': '1' },
      body,
    });
    return { status: res.status, text: await res.text() };
  }

  it('a verdict contradicting the final one (a decline after the grant, a failed capture after its success) changes nothing', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 3_000, orderId: 'reordered', methods: [{ method: 'card' }] });
    const seen = h.tap.deliveries.length;
    await page.payByCard('card', 3_000);
    await page.waitFor((v) => v.status === 'PAID');
    const granted = await eventuallyFound(() => h.tap.deliveries.slice(seen).find((d) => d.json?.event === 'authorization'));
    const captured = await eventuallyFound(() => h.tap.deliveries.slice(seen).find((d) => d.json?.event === 'capture'));
    const before = await stored(sessionId);

    const declined = { ...granted.json, id: 'reordered-1', result: 'declined', declineReason: 'bank-refusal', code: '05', message: 'Do not honor' };
    expect(await signed(JSON.stringify(declined))).toEqual({ status: 200, text: '[accepted]' });
    const failedCapture = { ...captured.json, id: 'reordered-2', result: 'failed', code: 'failed', message: 'capture failed' };
    expect(await signed(JSON.stringify(failedCapture))).toEqual({ status: 200, text: '[accepted]' });
    expect(await stored(sessionId)).toEqual(before);
    expect((await page.view()).body.view).toMatchObject({ status: 'PAID', attempts: [{ status: 'CAPTURED', granted: { amount: 3_000 } }] });
  });

  it('a signed but unreadable notification changes nothing and is logged without its body; signed unknown events and verdicts about no operation are acknowledged', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 2_000, orderId: 'signed-odd', methods: [{ method: 'card' }] });
    const seen = h.tap.deliveries.length;
    h.tap.dropNext((n) => n.event === 'authorization');
    await page.payByCard('card', 2_000);
    const real = await eventuallyFound(() => h.tap.deliveries.slice(seen).find((d) => !d.forwarded));
    const before = await stored(sessionId);
    const logged = h.logLines.length;

    const unreadable = [
      'UNREADABLE-SENTINEL not json',
      '["UNREADABLE-SENTINEL"]',
      JSON.stringify({ ...real.json, amount: { value: 'UNREADABLE-SENTINEL', currency: 'EUR' } }),
      JSON.stringify({ ...real.json, result: 'UNREADABLE-SENTINEL' }),
    ];
    for (const body of unreadable) expect(await signed(body)).toEqual({ status: 400, text: '[rejected]' });
    expect(await stored(sessionId)).toEqual(before);
    const lines = h.logLines.slice(logged);
    expect(lines.filter((l) => l.includes('psp.notification_rejected'))).toHaveLength(unreadable.length);
    expect(lines.filter((l) => l.includes('UNREADABLE-SENTINEL'))).toEqual([]);

    expect(await signed(JSON.stringify({ ...real.json, id: 'odd-1', event: 'payout' }))).toEqual({ status: 200, text: '[accepted]' });
    const stranger = { ...real.json, id: 'odd-2', ref: 'fkp_0000000000000000', reference: '0190c0de-0000-7000-8000-0000000000ff' };
    expect(await signed(JSON.stringify(stranger))).toEqual({ status: 200, text: '[accepted]' });
    expect(await stored(sessionId)).toEqual(before);
    expect(h.logLines.slice(logged).some((l) => l.includes('psp.fact_unmatched') && l.includes('fkp_0000000000000000'))).toBe(true);

    expect((await h.tap.replay(real)).status).toBe(200);
    await page.waitFor((v) => v.status === 'PAID');
  });
});
