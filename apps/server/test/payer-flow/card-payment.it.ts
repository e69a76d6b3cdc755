import type { SessionView } from '@splitpay/domain';
import { readSession, startService, type ServiceHarness } from '../support/service-harness';

const settled = (v: SessionView) => v.status === 'PAID';

describe('payer flow: a card payment over HTTP with the fake PSP', () => {
  let h: ServiceHarness;
  beforeAll(async () => {
    h = await startService();
  });
  afterAll(() => h.close());

  it('pays one order in full with one card: authorized, captured, PAID with captured', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 10_000, orderId: 'card-full', methods: [{ method: 'card' }] });
    const first = await page.view();
    expect(first.status).toBe(200);
    expect(first.body.view).toMatchObject({ status: 'PENDING', remaining: { amount: 10_000, currency: 'EUR' }, methods: [{ method: 'card', integration: 'fake', eligible: true }] });

    const started = await page.payByCard('card', 10_000);
    expect(started.status).toBe(201);
    expect(started.body.attemptId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(started.body.view.attempts).toEqual([expect.objectContaining({ attemptId: started.body.attemptId, status: 'AUTHORIZING', operation: 'authorization', abandonable: true })]);

    const view = await page.waitFor(settled);
    expect(view).toMatchObject({ status: 'PAID', remaining: { amount: 0 } });
    expect(view.attempts[0]).toMatchObject({ status: 'CAPTURED', granted: { amount: 10_000 }, cardScheme: 'visa' });

    const session = await readSession(h, sessionId);
    expect(session.body).toMatchObject({ status: 'PAID', captured: { amount: 10_000, currency: 'EUR' } });
    const attempt = (session.body.attempts as { transactions: { type: string; status: { kind: string } }[] }[])[0];
    expect(attempt?.transactions.map((t) => [t.type, t.status.kind])).toEqual([
      ['authorization', 'succeeded'],
      ['capture', 'succeeded'],
    ]);
  });

  it('never shows the session id, merchant id, provider id or the token in a view', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 5_000, orderId: 'card-leak', methods: [{ method: 'card' }] });
    await page.payByCard('card', 5_000);
    const view = await page.waitFor(settled);
    const text = JSON.stringify(view);
    expect(text).not.toContain(sessionId);
    expect(text).not.toContain('shop');
    expect(text).not.toContain('"provider"');
    expect(text).not.toContain(page.token);
  });
});
