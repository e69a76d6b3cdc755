import nock from 'nock';
import type { SessionView } from '@splitpay/domain';
import { purchasePathOf, statusAnswer } from '@splitpay/psp-oney/src/testing/oney-fixtures';
import type { ElementsClient } from '../support/elements-client';
import { readSession } from '../support/service-harness';
import { CANCELLED, oneyAnswers, useOneyLenderService, type ReadAttempt, type StatusQuery } from './oney-nock.support';

/**
 * The lender's wait when Oney's notifications are lost: the service looks the purchase up on its own
 * cadence while the session is AWAITING, and once more at the wait bound before refusing. Time is the
 * service's manual clock; each worker run is one turn.
 */

jest.setTimeout(60_000);

const MIN = 60_000;
const HOUR = 60 * MIN;
const WAIT_MS = 3 * 60 * MIN;
/** After the ending, a file without a verdict is looked up for 4 h at most. */
const AFTER_END_MS = 4 * HOUR;
/** Lookups 10 min after the study began, then every hour; the bound (3 h) brings the last one back to it. */
const ENV = {
  LENDER_WAIT_MS: String(WAIT_MS),
  LENDER_LOOKUP_DELAYS_MS: `${10 * MIN},${60 * MIN}`,
  LENDER_BOUND_RETRY_DELAYS_MS: `${MIN},${5 * MIN}`,
  LENDER_LOOKUP_AFTER_END_MS: String(AFTER_END_MS),
  ACCESS_TOKEN_TTL_S: String(24 * 3600),
};
const FUNDED = { language_code: 'EN', purchase: { status_code: 'FUNDED', status_label: 'Transaction is completed' } };

describe('Oney: the lender wait looked up by the service (notifications lost, nock playing Oney)', () => {
  const service = useOneyLenderService(ENV);
  const { receiver, after, endingsAnnounced } = service;
  let n = 0;

  const status = (s: SessionView['status']) => (v: SessionView) => v.status === s;
  const viewOf = async (page: ElementsClient): Promise<SessionView> => (await page.view()).body.view;

  /**
   * An order of 300.00 financed by Oney in full; Oney's only notification says PENDING (confirmed by
   * the status query): the session is AWAITING and its wait began now. Every later notification is lost.
   */
  async function awaitingOrder(): Promise<{ page: ElementsClient; sessionId: string; hooks: string; query: StatusQuery; reference: string }> {
    const hooks = `/hooks/lender-wait-${++n}`;
    const { page, sessionId, query, reference } = await service.studyBegun({ orderId: `oney-wait-${n}`, total: 30_000, hooks });
    await page.waitFor(status('AWAITING'));
    expect(query.calls()).toBe(1);
    return { page, sessionId, hooks, query, reference };
  }

  it('a lost FAVORABLE notification: the periodic lookup finds it, one confirm at Oney, PAID, one webhook', async () => {
    const { page, hooks, query, reference } = await awaitingOrder();
    query.says(statusAnswer('FAVORABLE', 300));
    const confirm = oneyAnswers(`${purchasePathOf(reference)}/action/confirm`, 200, FUNDED);

    // The lookup follows its cadence, not every worker run: nothing is asked before the first delay.
    await after(9 * MIN);
    expect(query.calls()).toBe(1);
    expect((await viewOf(page)).status).toBe('AWAITING');

    await after(MIN);
    expect(query.calls()).toBe(3); // the lookup, then the status query the confirm asks first
    const paid = await page.waitFor(status('PAID'));
    expect(paid.attempts[0]).toMatchObject({ method: 'oney', status: 'CAPTURED', granted: { amount: 30_000 } });
    expect(confirm.seen).toHaveLength(1);
    expect(confirm.seen[0]?.body).toMatchObject({ payment: { payment_amount: 300 } });
    expect(await endingsAnnounced(hooks)).toEqual([['PAID', 30_000]]);
    // Nothing more is asked once the verdict is in.
    await after(2 * 60 * MIN);
    expect(query.calls()).toBe(3);
    expect(receiver.callsTo(hooks)).toHaveLength(1);
  });

  it('a lost REFUSED notification: the periodic lookup finds it, AWAITED_REFUSED, nothing confirmed', async () => {
    const { page, hooks, query } = await awaitingOrder();
    await after(10 * MIN);
    expect(query.calls()).toBe(2);
    expect((await viewOf(page)).status).toBe('AWAITING');

    query.says(statusAnswer('REFUSED'));
    await after(60 * MIN);
    expect(query.calls()).toBe(3);
    const refused = await page.waitFor(status('AWAITED_REFUSED'));
    expect(refused.attempts[0]).toMatchObject({ method: 'oney', status: 'DECLINED' });
    expect(await endingsAnnounced(hooks)).toEqual([['AWAITED_REFUSED', 0]]);
  });

  /** The lender studies the file all along (lookups at +10 min, +1h10, +2h10); the clock stops 1 ms before the bound. */
  async function justBeforeTheBound(): Promise<Awaited<ReturnType<typeof awaitingOrder>>> {
    const order = await awaitingOrder();
    await after(10 * MIN);
    await after(60 * MIN);
    await after(60 * MIN);
    expect(order.query.calls()).toBe(4);
    await after(50 * MIN - 1);
    expect(order.query.calls()).toBe(4);
    expect((await viewOf(order.page)).status).toBe('AWAITING');
    return order;
  }

  it('at the wait bound the last lookup says FAVORABLE: PAID, not refused', async () => {
    const { page, hooks, query, reference } = await justBeforeTheBound();
    query.says(statusAnswer('FAVORABLE', 300));
    const confirm = oneyAnswers(`${purchasePathOf(reference)}/action/confirm`, 200, FUNDED);
    await after(1);
    expect(query.calls()).toBe(6); // the last lookup, then the status query the confirm asks first
    await page.waitFor(status('PAID'));
    expect(confirm.seen).toHaveLength(1);
    expect(await endingsAnnounced(hooks)).toEqual([['PAID', 30_000]]);
  });

  it('at the wait bound the last lookup says REFUSED: AWAITED_REFUSED, nothing cancelled', async () => {
    const { page, hooks, query, reference } = await justBeforeTheBound();
    query.says(statusAnswer('REFUSED'));
    const cancel = oneyAnswers(`${purchasePathOf(reference)}/action/cancel`, 200, CANCELLED);
    await after(1);
    expect(query.calls()).toBe(5);
    await page.waitFor(status('AWAITED_REFUSED'));
    expect(await endingsAnnounced(hooks)).toEqual([['AWAITED_REFUSED', 0]]);
    expect(cancel.seen).toHaveLength(0);
  });

  const attemptOf = async (sessionId: string): Promise<ReadAttempt> => ((await readSession(service.h, sessionId)).body.attempts as ReadAttempt[])[0]!;

  it('at the wait bound the last lookup says still PENDING: AWAITED_REFUSED, the file cancelled at Oney by exactly one cancel, then nothing more is asked', async () => {
    const { page, hooks, query, reference, sessionId } = await justBeforeTheBound();
    query.says(statusAnswer('PENDING', 300, 'WAITING_ONEY'));
    const cancel = oneyAnswers(`${purchasePathOf(reference)}/action/cancel`, 200, CANCELLED);
    await after(1);
    expect(query.calls()).toBe(6); // the last lookup, then the status query the cancel asks first
    await page.waitFor(status('AWAITED_REFUSED'));
    expect(cancel.seen).toHaveLength(1);
    expect(cancel.seen[0]?.body).toMatchObject({ purchase: { cancellation_reason_code: 0, cancellation_amount: 300, refund_down_payment: false } });
    expect(await endingsAnnounced(hooks)).toEqual([['AWAITED_REFUSED', 0]]);
    const attempt = await attemptOf(sessionId);
    expect(attempt.status).toBe('CANCELLED');
    expect(attempt.transactions.map((t) => [t.type, t.status.kind])).toEqual([
      ['authorization', 'cancelled'],
      ['void', 'succeeded'],
    ]);
    // The file is closed: no lookup, no second cancel, no second webhook, however long the clock runs.
    for (let i = 0; i < 6; i++) await after(HOUR);
    expect(query.calls()).toBe(6);
    expect(cancel.seen).toHaveLength(1);
    expect(receiver.callsTo(hooks)).toHaveLength(1);
  });

  it('Oney refuses the cancel at the bound: the file is still looked up, backing off, and no more once LENDER_LOOKUP_AFTER_END_MS has passed since the ending', async () => {
    const { page, hooks, query, reference, sessionId } = await justBeforeTheBound();
    query.says(statusAnswer('PENDING', 300, 'WAITING_ONEY'));
    const cancel = oneyAnswers(`${purchasePathOf(reference)}/action/cancel`, 400, { errors: [{ error_code: 'ERR_02', error_label: 'The purchase cannot be cancelled' }] });
    await after(1);
    await page.waitFor(status('AWAITED_REFUSED'));
    expect(cancel.seen).toHaveLength(1);
    expect(await endingsAnnounced(hooks)).toEqual([['AWAITED_REFUSED', 0]]);
    expect(query.calls()).toBe(6); // the last lookup, then the status query the cancel asks first

    // The file has waited 3 h: the next lookup comes 3 h after the ending, the one after that is
    // brought back to the 4 h deadline, and then none is scheduled.
    for (let i = 0; i < 3; i++) await after(HOUR);
    expect(query.calls()).toBe(7);
    await after(HOUR);
    expect(query.calls()).toBe(8);
    for (let i = 0; i < 12; i++) await after(HOUR);
    expect(query.calls()).toBe(8);
    expect(cancel.seen).toHaveLength(1);
    expect(receiver.callsTo(hooks)).toHaveLength(1);

    const attempt = await attemptOf(sessionId);
    expect(attempt.status).toBe('CANCELLED');
    expect(attempt.transactions[0]?.status).toMatchObject({ kind: 'pending', statusMessage: expect.stringMatching(/stopped looking it up/) });
    const stops = service.h.logLines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === 'psp.verdict_lookups_stopped' && l.sessionId === sessionId);
    expect(stops).toEqual([expect.objectContaining({ level: 'warn', provider: 'oney', method: 'oney' })]);
  });

  it('Oney unreachable at the bound: the last lookup is tried again (FAVORABLE on a retry pays the order)', async () => {
    const { page, hooks, query, reference } = await justBeforeTheBound();
    query.isDown();
    await after(1);
    expect(query.calls()).toBe(5);
    expect((await viewOf(page)).status).toBe('AWAITING');

    query.says(statusAnswer('FAVORABLE', 300));
    const confirm = oneyAnswers(`${purchasePathOf(reference)}/action/confirm`, 200, FUNDED);
    await after(MIN);
    expect(query.calls()).toBe(7); // the retried lookup, then the status query the confirm asks first
    await page.waitFor(status('PAID'));
    expect(confirm.seen).toHaveLength(1);
    expect(await endingsAnnounced(hooks)).toEqual([['PAID', 30_000]]);
  });

  it('Oney unreachable at the bound and on every retry: AWAITED_REFUSED once the retries are spent', async () => {
    const { page, hooks, query } = await justBeforeTheBound();
    query.isDown();
    await after(1);
    await after(MIN);
    expect(query.calls()).toBe(6);
    expect((await viewOf(page)).status).toBe('AWAITING');
    await after(5 * MIN);
    expect(query.calls()).toBe(8); // the last retry, then the status query the cancel asks first
    await page.waitFor(status('AWAITED_REFUSED'));
    expect(await endingsAnnounced(hooks)).toEqual([['AWAITED_REFUSED', 0]]);
  });
});
