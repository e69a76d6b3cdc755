import type { SessionId, SessionView } from '@splitpay/domain';
import { startService, type ServiceHarness } from '../support/service-harness';

async function eventually<T>(find: () => T | undefined, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('not found in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

jest.setTimeout(30_000);

describe('payer flow: out-of-band verdicts that arrive twice, late, out of order, or not at all', () => {
  let h: ServiceHarness;
  beforeAll(async () => {
    h = await startService();
  });
  afterAll(() => h.close());

  const stored = async (sessionId: string) => (await h.stores.sessions.findById(sessionId as SessionId))!;

  it('looks an overdue verdict up, then a late authorization and a duplicate capture change nothing', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 10_000, orderId: 'verdicts', methods: [{ method: 'card' }] });
    h.tap.dropNext((n) => n.event === 'authorization' && n.result === 'authorized');
    await page.payByCard('card', 10_000);
    const dropped = await eventually(() => h.tap.deliveries.find((d) => !d.forwarded));
    expect((await page.view()).body.view.attempts[0]?.status).toBe('AUTHORIZING');

    // No verdict came: once overdue, the worker asks the PSP, whose answer is authoritative.
    await h.runWorkers();
    expect((await page.view()).body.view.attempts[0]?.status).toBe('AUTHORIZING');
    h.clock.advance(60_000);
    await h.runWorkers();
    expect((await page.view()).body.view).toMatchObject({ status: 'CAPTURING', attempts: [{ status: 'AUTHORIZED' }] });
    await h.runWorkers();
    const paid = await page.waitFor((v: SessionView) => v.status === 'PAID');
    const capture = await eventually(() => h.tap.deliveries.find((d) => d.json?.event === 'capture'));

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
    const declined = await eventually(() => h.tap.deliveries.find((d) => d.json?.event === 'authorization' && d.json.result === 'declined'));
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
    const real = await eventually(() => h.tap.deliveries.slice(seen).find((d) => !d.forwarded));
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
});
