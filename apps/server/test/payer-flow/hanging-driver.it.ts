import type { FollowUpInput, InboundNotification, OpenInput, ParsedNotification, SessionId, OpenOutput, OperationOutput, PspDriver, PspProvider } from '@splitpay/domain';
import request from 'supertest';
import { FAKE_CAPABILITIES } from '@splitpay/psp-fake';
import { ManualTimer } from '../support/manual-timer';
import { call } from '../support/merchant-api-calls';
import { merchantEntry, SHOP } from '../support/merchants.fixture';
import { useService } from '../support/use-service';

/**
 * A driver that never settles its promise (a bug its own timeout does not catch) holds nobody: past
 * the service's deadline (PSP_DEADLINE_MS, docs/decisions.md D150) the call reads as one the PSP left
 * unanswered, an unknown ack, never a refusal. Time is passed by hand (a manual timer): no waiting.
 */

const ACQUIRER = 'hanging-acquirer';
const PAYER_TOKEN = 'acquirer-token-hanging-1';

/** Calls of one operation that never settle unless the test ends them. */
class Hung<I, O> {
  readonly inputs: I[] = [];
  private readonly ends: ((output: O) => void)[] = [];
  private readonly callers: (() => void)[] = [];
  hang(input: I): Promise<O> {
    this.inputs.push(input);
    for (const called of this.callers.splice(0)) called();
    return new Promise((resolve) => this.ends.push(resolve));
  }
  /** Resolves once the driver has been called `count` times. */
  calledTimes(count: number): Promise<void> {
    if (this.inputs.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.callers.push(() => void this.calledTimes(count).then(resolve)));
  }
  /** The driver settles, late. */
  end(output: O): void {
    for (const end of this.ends.splice(0)) end(output);
  }
}

/**
 * A card acquirer whose opening and refund hang while told to; otherwise it authorizes and captures
 * at once, and answers a refund 503. Its notification reader always hangs.
 */
class HangingAcquirer {
  hangOpen = false;
  hangRefund = false;
  readonly opens = new Hung<OpenInput, OpenOutput>();
  readonly refunds = new Hung<FollowUpInput, OperationOutput>();
  readonly readings = new Hung<InboundNotification, ParsedNotification>();

  provider(): PspProvider {
    const card = {
      provider: ACQUIRER,
      method: 'card',
      capabilities: { ...FAKE_CAPABILITIES.card, statusLookup: false },
      open: async (input: OpenInput): Promise<OpenOutput> => {
        if (this.hangOpen) return this.opens.hang(input);
        return { ack: { outcome: 'accepted', httpStatus: 201 }, facts: [{ kind: 'authorized', ref: { transactionId: input.transactionId }, providerRef: `psp-${input.transactionId}`, granted: input.amount }] };
      },
      capture: async (input: FollowUpInput): Promise<OperationOutput> => ({
        ack: { outcome: 'accepted', httpStatus: 201 },
        facts: [{ kind: 'captured', success: true, ref: { transactionId: input.transactionId }, providerRef: `psp-${input.transactionId}` }],
      }),
      void: async (): Promise<OperationOutput> => ({ ack: { outcome: 'accepted', httpStatus: 201 }, facts: [] }),
      refund: async (input: FollowUpInput): Promise<OperationOutput> => (this.hangRefund ? this.refunds.hang(input) : { ack: { outcome: 'unknown', httpStatus: 503 }, facts: [] }),
    } as unknown as PspDriver;
    return {
      id: ACQUIRER,
      drivers: [card],
      parseNotification: (notification: InboundNotification) => this.readings.hang(notification),
    };
  }
}

describe('a driver that never answers: the service deadline reads the call as unanswered (D150)', () => {
  const acquirer = new HangingAcquirer();
  const timer = new ManualTimer();
  const h = useService({
    merchants: { merchants: [merchantEntry(SHOP, [{ method: 'card', provider: ACQUIRER, schemes: ['cb', 'visa'] }])] },
    extraProviders: [acquirer.provider()],
    timer,
  });
  afterEach(() => {
    acquirer.hangOpen = false;
    acquirer.hangRefund = false;
  });
  const deadlineMs = () => h.config.pspDeadlineMs;
  const order = (orderId: string) => ({ currency: 'EUR', total: 10_000, orderId, methods: [{ method: 'card' }] });
  const sessionRead = async (sessionId: string) => (await call(h.app, 'get', `/api/sessions/${sessionId}`, { token: await h.clientToken() })).body;

  /**
   * The deadline is armed once the driver is called; without it nothing is, and the call would wait
   * forever. (A worker's run may send other sessions' owed operations beside the one a test watches.)
   */
  function passTheDeadline(): void {
    expect(timer.waiting(deadlineMs())).toBeGreaterThan(0);
    timer.pass(deadlineMs());
  }

  it("the payer's start: answered as an opening the PSP left unanswered (InternalError once recorded), the attempt in flight, never declined", async () => {
    acquirer.hangOpen = true;
    const { page, sessionId } = await h.openPage(order('hang-start'));
    const started = page.start({ methodId: 'card', amount: 10_000, input: { method: 'card', token: PAYER_TOKEN } });
    await acquirer.opens.calledTimes(1);
    passTheDeadline();
    const answer = await started;
    expect([answer.status, answer.body.code]).toEqual([500, 'InternalError']);
    const attempt = (await sessionRead(sessionId)).attempts[0];
    expect(attempt).toMatchObject({ status: 'AUTHORIZING', transactions: [{ type: 'authorization', status: { kind: 'pending' } }] });

    // The driver settling afterwards changes nothing: the verdict comes from the PSP's notification or lookup.
    acquirer.opens.end({ ack: { outcome: 'rejected', httpStatus: 402 }, facts: [{ kind: 'declined', ref: { transactionId: attempt.transactions[0].transactionId } }] });
    await h.instance.idle();
    expect((await sessionRead(sessionId)).attempts[0]).toMatchObject({ status: 'AUTHORIZING' });
    const lines = h.logLines.filter((line) => line.includes('psp.deadline_passed') || line.includes('psp.answered_after_deadline'));
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!)).toMatchObject({ provider: ACQUIRER, operation: 'open', deadlineMs: deadlineMs() });
    expect(h.logLines.join('\n')).not.toContain(PAYER_TOKEN);
  });

  /** A paid session of one card attempt: its attempt id. */
  async function paidAttempt(orderId: string): Promise<{ sessionId: string; attemptId: string }> {
    const { page, sessionId } = await h.openPage(order(orderId));
    expect((await page.start({ methodId: 'card', amount: 10_000, input: { method: 'card', token: PAYER_TOKEN } })).status).toBe(201);
    await h.instance.idle();
    const paid = await sessionRead(sessionId);
    expect(paid.status).toBe('PAID');
    return { sessionId, attemptId: paid.attempts[0].attemptId };
  }
  const refundOf = (sessionId: string) => h.stores.sessions.findById(sessionId as SessionId).then((s) => s!.attempts[0]!.transactions.find((t) => t.type === 'refund')!);
  const TIMED_OUT = `ETIMEDOUT: no answer from ${ACQUIRER} (timed out)`;

  it("a merchant's refund: answered 202 past the deadline, the refund pending and owed to the worker, never failed", async () => {
    const { sessionId, attemptId } = await paidAttempt('hang-refund');
    acquirer.hangRefund = true;
    const refunding = call(h.app, 'post', `/api/attempts/${attemptId}/refund`, { token: await h.clientToken(), body: {} });
    await acquirer.refunds.calledTimes(1);
    passTheDeadline();
    const refunded = await refunding;
    expect(refunded.status).toBe(202);
    expect(refunded.body.refunds).toEqual([expect.objectContaining({ transaction: expect.objectContaining({ type: 'refund', status: { kind: 'pending' }, ackMessage: TIMED_OUT }) })]);
    expect(await refundOf(sessionId)).toMatchObject({ status: { kind: 'pending' }, dispatch: { state: 'owed', tries: 1 } });
    expect(h.logLines.filter((line) => line.includes('psp.deadline_passed') && line.includes('"operation":"refund"'))).toHaveLength(1);
  });

  it("a worker's owed refund: its send past the deadline ends the turn as an unanswered send, retried later", async () => {
    const { sessionId, attemptId } = await paidAttempt('hang-worker');
    const refunded = await call(h.app, 'post', `/api/attempts/${attemptId}/refund`, { token: await h.clientToken(), body: {} });
    expect(refunded.status).toBe(202);
    expect(await refundOf(sessionId)).toMatchObject({ dispatch: { state: 'owed', tries: 1 } });

    acquirer.hangRefund = true;
    const hungBefore = acquirer.refunds.inputs.length;
    h.clock.advance(h.instance.core.policy.dispatchRetryDelaysMs[0]!);
    const running = h.runWorkers();
    await acquirer.refunds.calledTimes(hungBefore + 1);
    passTheDeadline();
    await running;
    expect(await refundOf(sessionId)).toMatchObject({ status: { kind: 'pending' }, ack: { message: TIMED_OUT }, dispatch: { state: 'owed', tries: 2 } });
    expect((await h.stores.sessions.findById(sessionId as SessionId))!.lease).toBeUndefined();
  });

  it('a PSP notification whose reading hangs: answered 500 past the deadline, so the PSP sends it again', async () => {
    const posting = request(h.app).post(`/psp/${ACQUIRER}/notifications`).set('Content-Type', 'application/json').send({ event: 'authorization' });
    const answered = posting.then((res) => res);
    await acquirer.readings.calledTimes(1);
    passTheDeadline();
    expect((await answered).status).toBe(500);
    expect(h.logLines.filter((line) => line.includes('psp.deadline_passed') && line.includes('"operation":"parseNotification"'))).toHaveLength(1);
  });
});
