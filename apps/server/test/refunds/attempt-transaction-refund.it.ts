import http from 'node:http';
import {
  editStored,
  holdRefundVerdicts,
  noRefundPending,
  RIVAL,
  paidByCard,
  paidByVouchers,
  refundDoors,
  refundsOf,
  sessionOf,
  takingOf,
  useRefundService,
  waitForSession,
  withoutRefunds,
  type AttemptJson,
  type RefundCall,
  type SessionJson,
} from './refund-support';

type Door = 'attempt' | 'transaction';

/** What each door's path names for an attempt: the attempt itself, or the operation that took its money. */
const pathIdOf: Record<Door, (attempt: AttemptJson) => string> = {
  attempt: (a) => a.attemptId,
  transaction: (a) => takingOf(a).transactionId,
};

interface RefundView {
  readonly attemptId: string;
  readonly provider: string;
  readonly transaction: { transactionId: string; type: string; amount: { amount: number }; status: { kind: string }; extraData?: string };
}

describe.each<Door>(['attempt', 'transaction'])('POST /api/%ss/{id}/refund', (door) => {
  const service = useRefundService();
  const { psp } = service;
  let refund: (attempt: AttemptJson, c: RefundCall) => ReturnType<ReturnType<typeof refundDoors>['attempt']>;

  beforeAll(() => {
    const doors = refundDoors(service.h);
    refund = (attempt, c) => doors[door](pathIdOf[door](attempt), c);
  });

  const only = (s: SessionJson): AttemptJson => s.attempts[0]!;
  const refundsIn = (body: Record<string, unknown>) => body.refunds as RefundView[];

  it('refunds a slice, echoing extraData; refunds are cumulative until nothing remains', async () => {
    const paid = await paidByCard(service.h, [1_000]);
    const first = await refund(only(paid), { token: service.client, body: { amount: 300, extraData: 'rma-42 / é' } });
    expect(first.status).toBe(202);
    expect(refundsIn(first.body)).toEqual([
      expect.objectContaining({
        attemptId: only(paid).attemptId,
        provider: 'fake',
        transaction: expect.objectContaining({ type: 'refund', amount: { amount: 300, currency: 'EUR' }, extraData: 'rma-42 / é' }),
      }),
    ]);
    await waitForSession(service.h, paid.sessionId, (s) => only(s).refunded.amount === 300);

    const rest = await refund(only(paid), { token: await service.h.contactToken(), body: {} });
    expect(rest.status).toBe(202);
    expect(refundsIn(rest.body)[0]!.transaction.amount.amount).toBe(700);
    const settled = await waitForSession(service.h, paid.sessionId, (s) => only(s).refunded.amount === 1_000);
    expect([only(settled).refunded.amount, only(settled).refundable.amount, only(settled).granted.amount]).toEqual([1_000, 0, 1_000]);

    const none = await refund(only(paid), { token: service.client });
    expect([none.status, none.body.code]).toEqual([409, 'NothingToRefund']);
  });

  it('an idempotency key returns the recorded refund and never a second PSP call; another amount is IdempotencyKeyConflict', async () => {
    const paid = await paidByCard(service.h, [1_000]);
    const callsBefore = psp.calls.length;
    const first = await refund(only(paid), { token: service.client, body: { amount: 250 }, idempotencyKey: 'order-7-refund-1' });
    expect(first.status).toBe(202);
    const recorded = refundsIn(first.body)[0]!.transaction.transactionId;
    await waitForSession(service.h, paid.sessionId, noRefundPending);

    const retry = await refund(only(paid), { token: service.client, body: { amount: 250 }, idempotencyKey: 'order-7-refund-1' });
    expect(retry.status).toBe(202);
    expect(refundsIn(retry.body).map((r) => [r.transaction.transactionId, r.transaction.status.kind])).toEqual([[recorded, 'succeeded']]);
    const conflict = await refund(only(paid), { token: service.client, body: { amount: 300 }, idempotencyKey: 'order-7-refund-1' });
    expect([conflict.status, conflict.body.code]).toEqual([409, 'IdempotencyKeyConflict']);

    // The key names the attempt's refund whichever door presents it.
    const doors = refundDoors(service.h);
    const other = door === 'attempt' ? doors.transaction(takingOf(only(paid)).transactionId, { token: service.client, idempotencyKey: 'order-7-refund-1' }) : doors.attempt(only(paid).attemptId, { token: service.client, idempotencyKey: 'order-7-refund-1' });
    expect(refundsIn((await other).body)[0]!.transaction.transactionId).toBe(recorded);

    expect(psp.calls.length - callsBefore).toBe(1);
    const after = await sessionOf(service.h, paid.sessionId);
    expect(refundsOf(only(after)).map((t) => t.transactionId)).toEqual([recorded]);
    expect(only(after).refunded.amount).toBe(250);
  });

  it('SessionNotEnded while the session is still open', async () => {
    const { page, sessionId } = await service.h.openPage({ currency: 'EUR', total: 1_000, orderId: `open-${door}`, methods: [{ method: 'card' }] });
    await page.payByCard('card', 600);
    const view = await page.waitFor((v) => v.attempts[0]?.status === 'AUTHORIZED');
    expect(view.status).toBe('PENDING');
    const open = await sessionOf(service.h, sessionId);
    const named = door === 'attempt' ? only(open).attemptId : only(open).transactions[0]!.transactionId;
    const res = await refundDoors(service.h)[door](named, { token: service.client });
    expect([res.status, res.body.code]).toEqual([409, 'SessionNotEnded']);
  });

  it('RefundInFlight while a refund of the attempt awaits its verdict, with or without a new key', async () => {
    const paid = await paidByCard(service.h, [1_000]);
    const held = holdRefundVerdicts(service.h, 1);
    expect((await refund(only(paid), { token: service.client, body: { amount: 100 } })).status).toBe(202);
    const second = await refund(only(paid), { token: service.client, body: { amount: 100 } });
    const keyed = await refund(only(paid), { token: service.client, body: { amount: 100 }, idempotencyKey: 'fresh-key' });
    expect([second.status, second.body.code, keyed.status, keyed.body.code]).toEqual([409, 'RefundInFlight', 409, 'RefundInFlight']);
    await held.release();
    const settled = await waitForSession(service.h, paid.sessionId, noRefundPending);
    expect(refundsOf(only(settled))).toHaveLength(1);
    // Nothing was recorded for the refused keyed request: the key is free for a new refund.
    expect((await refund(only(paid), { token: service.client, body: { amount: 100 }, idempotencyKey: 'fresh-key' })).status).toBe(202);
  });

  it('RefundExceedsRefundable when the amount exceeds what remains', async () => {
    const paid = await paidByCard(service.h, [1_000]);
    const res = await refund(only(paid), { token: service.client, body: { amount: 1_001 }, idempotencyKey: 'too-much' });
    expect([res.status, res.body.code]).toEqual([422, 'RefundExceedsRefundable']);
    expect(refundsOf(only(await sessionOf(service.h, paid.sessionId)))).toEqual([]);
  });

  it('PartialRefundNotSupported for a slice of a method refunded in full only; its full refund goes through', async () => {
    const paid = await paidByVouchers(service.h, 2_500);
    expect(takingOf(only(paid)).type).toBe('payment');
    const slice = await refund(only(paid), { token: service.client, body: { amount: 1_000 } });
    expect([slice.status, slice.body.code]).toEqual([422, 'PartialRefundNotSupported']);
    const full = await refund(only(paid), { token: service.client, body: { amount: 2_500 } });
    expect(full.status).toBe(202);
    const settled = await waitForSession(service.h, paid.sessionId, (s) => only(s).refunded.amount === 2_500);
    expect(only(settled).refundable.amount).toBe(0);
  });

  it('RefundNotSupported when the PSP of the attempt cannot refund', async () => {
    const paid = await paidByCard(service.h, [800]);
    await editStored(service.h, paid.sessionId, withoutRefunds('card'));
    const res = await refund(only(paid), { token: service.client });
    expect([res.status, res.body.code]).toEqual([422, 'RefundNotSupported']);
  });

  it('NotFound for another merchant resource and for an unknown id; Unauthorized without a token', async () => {
    const paid = await paidByCard(service.h, [700]);
    const foreign = await refund(only(paid), { token: await service.h.clientToken(RIVAL) });
    const unknown = await refundDoors(service.h)[door]('0190a000-0000-7000-8000-0000000000ff', { token: service.client });
    expect([foreign.status, foreign.body, unknown.status]).toEqual([404, unknown.body, 404]);
    expect(foreign.body.code).toBe('NotFound');
    const anonymous = await refund(only(paid), { body: { amount: 1 } });
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'Unauthorized']);
    expect(refundsOf(only(await sessionOf(service.h, paid.sessionId)))).toEqual([]);
  });

  it('InvalidRequest for a malformed body, header or id, before any rule (so InvalidRequestedAmount stays unreachable)', async () => {
    const paid = await paidByCard(service.h, [700]);
    const cases: [RefundCall, string][] = [
      [{ body: { amount: 0 } }, 'amount'],
      [{ body: { amount: -5 } }, 'amount'],
      [{ body: { amount: 1.5 } }, 'amount'],
      [{ body: { amount: '100' } }, 'amount'],
      [{ body: { extraData: '' } }, 'extraData'],
      [{ body: { extraData: 'x'.repeat(256) } }, 'extraData'],
      // Stored, echoed and exported: no control character, line break or lone surrogate (D67).
      [{ body: { extraData: 'batch\n=1+1' } }, 'extraData must not contain a control character'],
      [{ body: { extraData: 'batch\u0000' } }, 'extraData must not contain a control character'],
      [{ body: { extraData: 'batch\u0085' } }, 'extraData must not contain a control character'],
      [{ body: { extraData: 'batch\uD83D' } }, 'extraData must not contain a control character'],
      [{ body: { amount: 100, reason: 'duplicate' } }, 'reason'],
      [{ body: [] }, 'body'],
      [{ body: '{"amount":' }, 'JSON'],
      [{ body: {}, idempotencyKey: 'k'.repeat(65) }, 'idempotency-key'],
      [{ body: {}, idempotencyKey: '' }, 'idempotency-key'],
    ];
    for (const [c, named] of cases) {
      const res = await refund(only(paid), { ...c, token: service.client });
      expect([res.status, res.body.code, String(res.body.message).includes(named)]).toEqual([400, 'InvalidRequest', true]);
    }
    const malformed = await refundDoors(service.h)[door]('ABC', { token: service.client });
    expect([malformed.status, malformed.body.code]).toEqual([400, 'InvalidRequest']);
    expect(refundsOf(only(await sessionOf(service.h, paid.sessionId)))).toEqual([]);
    expect((await refund(only(paid), { token: service.client, body: { amount: 1, extraData: 'x'.repeat(255) }, idempotencyKey: 'k'.repeat(64) })).status).toBe(202);
  });

  /** A raw request: headers as given, a repeated one sent as two lines (fetch would join them into one). */
  function raw(path: string, headers: Record<string, string | string[]>, body: string): Promise<{ status: number; body: Record<string, unknown> }> {
    return new Promise((resolve, reject) => {
      const req = http.request(`${service.h.url}${path}`, { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> }));
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  it('UnsupportedMediaType (415) for a body that is not JSON (never read as an absent one, which would refund in full), InvalidRequest for a repeated idempotency-key', async () => {
    const paid = await paidByCard(service.h, [700]);
    const path = `/api/${door}s/${pathIdOf[door](only(paid))}/refund`;
    const auth = { authorization: `Bearer ${service.client}` };
    for (const [contentType, body] of [
      ['text/plain', '{"amount":5}'],
      ['application/x-www-form-urlencoded', 'amount=5'],
      [undefined, '{"amount":5}'],
    ] as const) {
      const res = await raw(path, { ...auth, ...(contentType ? { 'content-type': contentType } : {}) }, body);
      expect([res.status, res.body.code, res.body.message]).toEqual([415, 'UnsupportedMediaType', expect.stringContaining('application/json')]);
    }
    const twice = await raw(path, { ...auth, 'content-type': 'application/json', 'idempotency-key': ['a', 'b'] }, '{"amount":5}');
    expect([twice.status, twice.body.code, twice.body.message]).toEqual([400, 'InvalidRequest', expect.stringContaining('idempotency-key')]);
    expect(refundsOf(only(await sessionOf(service.h, paid.sessionId)))).toEqual([]);

    const json = await raw(path, { ...auth, 'content-type': 'application/json; charset=utf-8', 'idempotency-key': 'once' }, '{"amount":5}');
    expect(json.status).toBe(202);
  });

  if (door === 'transaction') {
    it('NotARefundableOperation when the named transaction never took money (its authorization, a refund)', async () => {
      const paid = await paidByCard(service.h, [900]);
      const authorization = only(paid).transactions.find((t) => t.type === 'authorization')!;
      const doors = refundDoors(service.h);
      const res = await doors.transaction(authorization.transactionId, { token: service.client, body: { amount: 100 } });
      expect([res.status, res.body.code]).toEqual([422, 'NotARefundableOperation']);

      const made = await doors.attempt(only(paid).attemptId, { token: service.client, body: { amount: 100 } });
      const refundId = refundsIn(made.body)[0]!.transaction.transactionId;
      await waitForSession(service.h, paid.sessionId, noRefundPending);
      const ofRefund = await doors.transaction(refundId, { token: service.client });
      expect([ofRefund.status, ofRefund.body.code]).toEqual([422, 'NotARefundableOperation']);
    });
  }
});
