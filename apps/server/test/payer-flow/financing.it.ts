import type { FinancingMethodView, SessionId, SessionView } from '@splitpay/domain';
import { buildOpenApiDocument, responseProblems } from '@splitpay/http-api';
import { pressFakePspButton } from '../support/elements-client';
import { until } from '../support/until';
import { readSession } from '../support/service-harness';
import { useService } from '../support/use-service';
import { financedOrder } from '../support/session-bodies';

const status = (s: SessionView['status']) => (v: SessionView) => v.status === s;
const noneInFlight = (v: SessionView) => v.attempts.length > 0 && v.attempts.every((a) => a.status !== 'AUTHORIZING');
const PLAN = { installments: 3, withFees: false };

interface StoredAttempt {
  method: string;
  status: string;
  transactions: { type: string; status: { kind: string } }[];
}

jest.setTimeout(30_000);

describe('payer flow: financing with the fake lender', () => {
  const h = useService({ env: { LENDER_WAIT_MS: String(7 * 24 * 3600_000) } });

  it('shows priced plans, then ends PAID once the lender studied the file and accepted it', async () => {
    const { page, sessionId } = await h.openPage(financedOrder('oney-paid', 30_000));
    const read = await page.view();
    const doc = buildOpenApiDocument({ serverUrl: h.url, fakePsp: true });
    expect(responseProblems(doc, 'get', '/elements/session', { status: read.status, headers: Object.fromEntries(read.headers.entries()), body: read.body })).toEqual([]);
    const oney = read.body.view.methods.find((m) => m.id === 'oney') as FinancingMethodView;
    expect(oney).toMatchObject({ method: 'oney', eligible: true });
    expect(oney.plans[0]).toMatchObject({ installments: 3, withFees: false, eligible: true, total: { amount: 30_000 }, fees: { amount: 0 }, creditAdvanced: { amount: 20_000 }, apr: 0 });
    expect(oney.plans[0]?.schedule.map((i) => i.amount.amount)).toEqual([10_000, 10_000, 10_000]);

    expect((await page.start({ methodId: 'oney', amount: 30_000 })).body.code).toBe('PlanNotOffered');
    const started = await page.start({ methodId: 'oney', amount: 30_000, plan: PLAN });
    expect(started.status).toBe(201);
    expect(started.body.view.attempts[0]).toMatchObject({ plan: PLAN, redirect: { kind: 'navigate' } });
    const pageUrl = started.body.view.attempts[0]!.redirect!.url;
    await pressFakePspButton(pageUrl, 'study');
    const awaiting = await page.waitFor(status('AWAITING'));
    expect(awaiting.attempts[0]).toMatchObject({ status: 'AUTHORIZING' });
    expect(awaiting.methods.every((m) => !m.eligible)).toBe(true);

    await pressFakePspButton(pageUrl, 'approve');
    const view = await page.waitFor(status('PAID'));
    expect(view.attempts[0]).toMatchObject({ method: 'oney', status: 'CAPTURED', granted: { amount: 30_000 } });
    expect((await readSession(h, sessionId)).body).toMatchObject({ status: 'PAID', captured: { amount: 30_000 } });
  });

  it('ends AWAITED_REFUSED when the lender refuses, releasing the card hold and taking nothing', async () => {
    const { page, sessionId } = await h.openPage(financedOrder('oney-refused', 30_000));
    await page.payByCard('card', 10_000);
    await page.waitFor(noneInFlight);
    const started = await page.start({ methodId: 'oney', amount: 20_000, plan: PLAN });
    const pageUrl = started.body.view.attempts[1]!.redirect!.url;
    await pressFakePspButton(pageUrl, 'study');
    await page.waitFor(status('AWAITING'));
    await pressFakePspButton(pageUrl, 'decline');
    const view = await page.waitFor((v) => v.status === 'AWAITED_REFUSED' && v.attempts[0]?.status === 'VOIDED');
    expect(view.attempts.map((a) => [a.method, a.status])).toEqual([
      ['card', 'VOIDED'],
      ['oney', 'DECLINED'],
    ]);
    const session = await readSession(h, sessionId);
    expect(session.body).toMatchObject({ status: 'AWAITED_REFUSED', captured: { amount: 0 } });
    const [card] = session.body.attempts as StoredAttempt[];
    expect(card?.transactions.map((t) => [t.type, t.status.kind])).toEqual([
      ['authorization', 'succeeded'],
      ['void', 'succeeded'],
    ]);
  });

  it('ends AWAITED_REFUSED when the lender wait bound passes, releasing the card hold and cancelling the studied file at the fake PSP', async () => {
    const { page, sessionId } = await h.openPage(financedOrder('oney-bound', 30_000));
    await page.payByCard('card', 10_000);
    await page.waitFor(noneInFlight);
    const started = await page.start({ methodId: 'oney', amount: 20_000, plan: PLAN });
    const lenderPage = started.body.view.attempts[1]!.redirect!.url;
    await pressFakePspButton(lenderPage, 'study');
    await page.waitFor(status('AWAITING'));

    h.clock.advance(7 * 24 * 3600_000 - 1_000);
    await h.runWorkers();
    expect((await page.view()).body.view.status).toBe('AWAITING');

    h.clock.advance(1_000);
    await h.runWorkers();
    const view = await page.waitFor((v) => v.attempts[0]?.status === 'VOIDED');
    expect(view.status).toBe('AWAITED_REFUSED');
    expect(view.attempts[1]).toMatchObject({ method: 'oney', status: 'CANCELLED' });
    // The fake PSP's void notification comes back over HTTP: the file is closed, its opening cancelled.
    const closed = async () => ((await readSession(h, sessionId)).body.attempts as StoredAttempt[])[1]!;
    await until(async () => ((await closed()).transactions[0]?.status.kind === 'cancelled' ? true : undefined), 'the studied file cancelled');
    expect((await closed()).transactions.map((t) => [t.type, t.status.kind])).toEqual([
      ['authorization', 'cancelled'],
      ['void', 'succeeded'],
    ]);
    expect((await readSession(h, sessionId)).body).toMatchObject({ status: 'AWAITED_REFUSED', captured: { amount: 0 } });
    // The lender can no longer grant the cancelled file.
    expect((await pressFakePspButton(lenderPage, 'approve')).status).toBeGreaterThanOrEqual(400);
  });

  /** An order of 300.00 of which the fake lender studies a tranche of 200.00: the session stays PENDING. */
  async function studiedTranche(orderId: string) {
    const { page, sessionId } = await h.openPage(financedOrder(orderId, 30_000));
    const started = await page.start({ methodId: 'oney', amount: 20_000, plan: PLAN });
    const lenderPage = started.body.view.attempts[0]!.redirect!.url;
    await pressFakePspButton(lenderPage, 'study');
    const closed = async () => ((await readSession(h, sessionId)).body.attempts as StoredAttempt[])[0]!;
    // The study is not shown by the APIs: the stored attempt says it.
    await until(async () => ((await h.stores.sessions.findById(sessionId as SessionId))?.attempts[0]?.lenderStudying ? true : undefined), 'the study');
    expect((await page.view()).body.view.status).toBe('PENDING');
    return { page, sessionId, lenderPage, attemptId: started.body.view.attempts[0]!.attemptId, closed };
  }

  const cancelledAtThePsp = [
    ['authorization', 'cancelled'],
    ['void', 'succeeded'],
  ];

  it('the session expires while the lender studies a tranche: the file is cancelled at the fake PSP, then EXPIRED', async () => {
    const { sessionId, lenderPage, closed } = await studiedTranche('oney-tranche-expired');
    h.clock.advance(h.config.sessionTtlMs);
    await h.runWorkers();
    await until(async () => ((await readSession(h, sessionId)).body.status === 'EXPIRED' ? true : undefined), 'EXPIRED');
    expect((await closed()).status).toBe('CANCELLED');
    expect((await closed()).transactions.map((t) => [t.type, t.status.kind])).toEqual(cancelledAtThePsp);
    expect((await pressFakePspButton(lenderPage, 'approve')).status).toBeGreaterThanOrEqual(400);
  });

  it('the payer abandons the studied tranche: the file is cancelled at the fake PSP, the session stays PENDING', async () => {
    const { page, lenderPage, attemptId, closed } = await studiedTranche('oney-tranche-abandoned');
    expect((await page.abandonAttempt(attemptId)).status).toBe(200);
    await until(async () => ((await closed()).transactions[0]?.status.kind === 'cancelled' ? true : undefined), 'the studied file cancelled');
    expect((await closed()).transactions.map((t) => [t.type, t.status.kind])).toEqual(cancelledAtThePsp);
    expect((await page.view()).body.view).toMatchObject({ status: 'PENDING', attempts: [{ status: 'CANCELLED' }] });
    expect((await pressFakePspButton(lenderPage, 'approve')).status).toBeGreaterThanOrEqual(400);
  });
});
