import type { SessionView } from '@splitpay/domain';
import { purchasePathOf, statusAnswer } from '@splitpay/psp-oney/src/testing/oney-fixtures';
import { readSession } from '../support/service-harness';
import { CANCELLED, oneyAnswers, until, useOneyLenderService, type ReadAttempt } from './oney-nock.support';

/**
 * A tranche Oney's lender studies on a session that stays PENDING (the tranche does not cover the
 * order, so the session never waits in AWAITING): the file is cancelled at Oney when the session
 * expires or the payer abandons it (docs/decisions.md D41), and a cancel Oney does not carry out
 * is followed up at once. Nock plays Oney; time is the service's manual clock.
 */

jest.setTimeout(60_000);

const MIN = 60_000;
const HOUR = 60 * MIN;
/** The study's lookups: 10 min after it began, then every 6 h (none falls between the expiry and the next hours). */
const ENV = { LENDER_LOOKUP_DELAYS_MS: `${10 * MIN},${6 * HOUR}`, SESSION_TTL_MS: String(15 * MIN), ACCESS_TOKEN_TTL_S: String(24 * 3600) };
/** verdictOverdueMs (the service's default): how soon a file whose cancel failed is looked up again. */
const OVERDUE_MS = MIN;
const FAVORABLE = { language_code: 'EN', purchase: { status_code: 'FAVORABLE', status_label: 'Favorable', payment: { payment_amount: 300 } } };

describe('Oney: a studied tranche on a PENDING session is cancelled at the expiry and on abandon (nock playing Oney)', () => {
  const service = useOneyLenderService(ENV);
  const { receiver, after, endingsAnnounced } = service;
  let n = 0;

  const status = (s: SessionView['status']) => (v: SessionView) => v.status === s;

  /** An order of 500.00 of which Oney's lender studies 300.00 (PENDING confirmed by the status query) since now. */
  async function studiedTranche() {
    const hooks = `/hooks/studied-tranche-${++n}`;
    const { page, sessionId, attemptId, query, reference } = await service.studyBegun({ orderId: `oney-tranche-${n}`, total: 50_000, hooks });
    await until(async () => ((await attemptOf(sessionId)).status === 'AUTHORIZING' && query.calls() === 1 ? true : undefined), 'the study');
    expect((await page.view()).body.view.status).toBe('PENDING');
    return { page, sessionId, hooks, query, reference, attemptId, cancelPath: `${purchasePathOf(reference)}/action/cancel` };
  }

  const attemptOf = async (sessionId: string): Promise<ReadAttempt> => ((await readSession(service.h, sessionId)).body.attempts as ReadAttempt[])[0]!;
  const shapes = (a: ReadAttempt) => a.transactions.map((t) => [t.type, t.status.kind]);
  const statusOf = async (sessionId: string): Promise<string> => String((await readSession(service.h, sessionId)).body.status);

  it('the session expires: exactly one cancel of the tranche at Oney, EXPIRED once it went through, one webhook, nothing asked afterwards', async () => {
    const { sessionId, hooks, query, cancelPath } = await studiedTranche();
    await after(10 * MIN);
    expect(query.calls()).toBe(2);
    const cancel = oneyAnswers(cancelPath, 200, CANCELLED);
    await after(5 * MIN);
    expect(cancel.seen).toHaveLength(1);
    expect(cancel.seen[0]?.body).toMatchObject({ purchase: { cancellation_reason_code: 0, cancellation_amount: 300, refund_down_payment: false } });
    expect(await statusOf(sessionId)).toBe('EXPIRED');
    const attempt = await attemptOf(sessionId);
    expect(attempt.status).toBe('CANCELLED');
    expect(shapes(attempt)).toEqual([
      ['authorization', 'cancelled'],
      ['void', 'succeeded'],
    ]);
    expect(await endingsAnnounced(hooks)).toEqual([['EXPIRED', 0]]);
    for (let i = 0; i < 8; i++) await after(HOUR);
    expect(query.calls()).toBe(3); // the two lookups, and the status query the cancel asked first
    expect(cancel.seen).toHaveLength(1);
    expect(receiver.callsTo(hooks)).toHaveLength(1);
  });

  it('Oney answers the cancel FAVORABLE (granted meanwhile): the grant is handed back by a second cancel in the same turn, then EXPIRED, one webhook', async () => {
    const { sessionId, hooks, query, cancelPath } = await studiedTranche();
    const refused = oneyAnswers(cancelPath, 200, FAVORABLE);
    const handBack = oneyAnswers(cancelPath, 200, CANCELLED);
    await after(15 * MIN);
    expect(refused.seen).toHaveLength(1);
    expect(handBack.seen).toHaveLength(1);
    expect(handBack.seen[0]?.body).toMatchObject({ purchase: { cancellation_amount: 300, refund_down_payment: false } });
    expect(await statusOf(sessionId)).toBe('EXPIRED');
    const attempt = await attemptOf(sessionId);
    expect(attempt.status).toBe('CANCELLED');
    expect(shapes(attempt)).toEqual([
      ['authorization', 'succeeded'],
      ['void', 'failed'],
      ['void', 'succeeded'],
    ]);
    expect(await endingsAnnounced(hooks)).toEqual([['EXPIRED', 0]]);
    const asked = query.calls();
    for (let i = 0; i < 8; i++) await after(HOUR);
    expect(query.calls()).toBe(asked);
  });

  it('Oney refuses the cancel: EXPIRED, the file looked up verdictOverdueMs later (not hours), and the grant it finds handed back', async () => {
    const { sessionId, hooks, query, cancelPath } = await studiedTranche();
    const refused = oneyAnswers(cancelPath, 400, { errors: [{ error_code: 'ERR_02', error_label: 'The purchase cannot be cancelled' }] });
    await after(15 * MIN);
    expect(refused.seen).toHaveLength(1);
    expect(await statusOf(sessionId)).toBe('EXPIRED');
    expect(await endingsAnnounced(hooks)).toEqual([['EXPIRED', 0]]);
    const asked = query.calls();

    query.says(statusAnswer('FAVORABLE', 300));
    const handBack = oneyAnswers(cancelPath, 200, CANCELLED);
    await after(OVERDUE_MS - 1);
    expect(query.calls()).toBe(asked);
    await after(1);
    expect(query.calls()).toBe(asked + 2); // the lookup, then the status query the hand-back's cancel asks first
    expect(handBack.seen).toHaveLength(1);
    const attempt = await attemptOf(sessionId);
    expect(shapes(attempt)).toEqual([
      ['authorization', 'succeeded'],
      ['void', 'failed'],
      ['void', 'succeeded'],
    ]);
    expect(receiver.callsTo(hooks)).toHaveLength(1);
  });

  it('the payer abandons the studied attempt: one cancel at Oney at once, the session still PENDING; its expiry later owes nothing more', async () => {
    const { page, sessionId, hooks, query, attemptId, cancelPath } = await studiedTranche();
    const cancel = oneyAnswers(cancelPath, 200, CANCELLED);
    const abandoned = await page.abandonAttempt(attemptId);
    expect(abandoned.status).toBe(200);
    expect(cancel.seen).toHaveLength(1);
    expect(cancel.seen[0]?.body).toMatchObject({ purchase: { cancellation_reason_code: 0, cancellation_amount: 300, refund_down_payment: false } });
    const view = await page.waitFor((v) => v.attempts[0]?.status === 'CANCELLED');
    expect(view.status).toBe('PENDING');
    expect(shapes(await attemptOf(sessionId))).toEqual([
      ['authorization', 'cancelled'],
      ['void', 'succeeded'],
    ]);
    await after(15 * MIN);
    expect(await statusOf(sessionId)).toBe('EXPIRED');
    expect(await endingsAnnounced(hooks)).toEqual([['EXPIRED', 0]]);
    expect(cancel.seen).toHaveLength(1);
    expect(query.calls()).toBe(2); // the study's, and the status query the cancel asked first
  });

  it('the payer abandons the payment: ABORTED once the one cancel of the studied tranche went through', async () => {
    const { page, sessionId, hooks, cancelPath } = await studiedTranche();
    const cancel = oneyAnswers(cancelPath, 200, CANCELLED);
    expect((await page.abandonSession()).status).toBe(200);
    expect(cancel.seen).toHaveLength(1);
    await page.waitFor(status('ABORTED'));
    expect(shapes(await attemptOf(sessionId))).toEqual([
      ['authorization', 'cancelled'],
      ['void', 'succeeded'],
    ]);
    expect(await endingsAnnounced(hooks)).toEqual([['ABORTED', 0]]);
  });
});
