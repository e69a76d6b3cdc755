import {
  abandonedUnpaid,
  editStored,
  holdRefundVerdicts,
  RIVAL,
  paidByCard,
  paidByCardAndPaypal,
  refundDoors,
  refundsOf,
  sessionOf,
  useRefundService,
  waitForSession,
  withoutRefunds,
} from './refund-support';

describe('POST /api/sessions/{sessionId}/refund', () => {
  const service = useRefundService();
  const { psp } = service;
  let doors: ReturnType<typeof refundDoors>;

  /** The door refuses with `code`, and no PSP was called: refusals are planned before any money moves. */
  async function expectRefusedBeforeAnyPspCall(call: () => Promise<{ status: number; body: Record<string, unknown> }>, status: number, code: string): Promise<void> {
    const callsBefore = psp.calls.length;
    const res = await call();
    expect([res.status, res.body.code]).toEqual([status, code]);
    expect(psp.calls.length).toBe(callsBefore);
  }

  beforeAll(() => {
    doors = refundDoors(service.h);
  });

  it('refunds what remains on every attempt: 202, one pending refund each, one PSP call each; refunded moves with the verdicts', async () => {
    const paid = await paidByCard(service.h, [600, 400]);
    const held = holdRefundVerdicts(service.h, 2);
    const callsBefore = psp.calls.length;

    const res = await doors.session(paid.sessionId, { token: service.client });

    expect(res.status).toBe(202);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const refunds = res.body.refunds as { attemptId: string; sessionId: string; orderId: string; method: string; transaction: Record<string, unknown> }[];
    expect(refunds.map((r) => [r.attemptId, r.transaction.type, (r.transaction.amount as { amount: number }).amount, (r.transaction.status as { kind: string }).kind])).toEqual([
      [paid.attempts[0]!.attemptId, 'refund', 600, 'pending'],
      [paid.attempts[1]!.attemptId, 'refund', 400, 'pending'],
    ]);
    expect(refunds[0]).toMatchObject({ sessionId: paid.sessionId, method: 'card', transaction: { ackCode: expect.any(String) } });
    expect(psp.calls.length - callsBefore).toBe(2);

    // Pending: nothing moved yet.
    const pending = await sessionOf(service.h, paid.sessionId);
    expect(pending.attempts.map((a) => [a.refunded.amount, a.refundable.amount])).toEqual([
      [0, 600],
      [0, 400],
    ]);

    await held.release();
    const settled = await waitForSession(service.h, paid.sessionId, (s) => s.attempts.every((a) => a.refundable.amount === 0));
    expect(settled.attempts.map((a) => [a.refunded.amount, a.refundable.amount, refundsOf(a).map((t) => t.status.kind)])).toEqual([
      [600, 0, ['succeeded']],
      [400, 0, ['succeeded']],
    ]);
    expect(settled.status).toBe('PAID');

    const again = await doors.session(paid.sessionId, { token: service.client });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('NothingToRefund');
  });

  it('is open to a dashboard contact token as well', async () => {
    const paid = await paidByCard(service.h, [500]);
    const res = await doors.session(paid.sessionId, { token: await service.h.contactToken() });
    expect(res.status).toBe(202);
    expect((res.body.refunds as unknown[]).length).toBe(1);
  });

  it('SessionNotEnded while the session is still open', async () => {
    const { sessionId } = await service.h.createSession({ currency: 'EUR', total: 1_000, orderId: 'open-one', methods: [{ method: 'card' }] });
    const res = await doors.session(sessionId, { token: service.client });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('SessionNotEnded');
  });

  it('NothingToRefund when the session ended with nothing taken', async () => {
    const gone = await abandonedUnpaid(service.h);
    const res = await doors.session(gone.sessionId, { token: service.client });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('NothingToRefund');
  });

  it('RefundInFlight while one attempt has a refund in flight, answered before any PSP is called', async () => {
    const paid = await paidByCard(service.h, [600, 400]);
    const held = holdRefundVerdicts(service.h, 1);
    expect((await doors.attempt(paid.attempts[0]!.attemptId, { token: service.client, body: { amount: 100 } })).status).toBe(202);
    await expectRefusedBeforeAnyPspCall(() => doors.session(paid.sessionId, { token: service.client }), 409, 'RefundInFlight');
    const after = await sessionOf(service.h, paid.sessionId);
    expect(refundsOf(after.attempts[1]!)).toEqual([]);
    await held.release();
  });

  it('RefundNotSupported when an attempt that took money cannot be refunded at its PSP: nothing refunded, no PSP called', async () => {
    const paid = await paidByCardAndPaypal(service.h);
    await editStored(service.h, paid.sessionId, withoutRefunds('paypal'));
    await expectRefusedBeforeAnyPspCall(() => doors.session(paid.sessionId, { token: service.client }), 422, 'RefundNotSupported');
    const after = await sessionOf(service.h, paid.sessionId);
    expect(after.attempts.flatMap(refundsOf)).toEqual([]);
  });

  it('answers a refund its PSP refuses as a failed transaction in the 202, never a rollback of the others', async () => {
    const paid = await paidByCardAndPaypal(service.h);
    // Our record says 700 was taken on the card while the PSP captured 600: the PSP refuses 700.
    await editStored(service.h, paid.sessionId, (s) => ({
      ...s,
      attempts: s.attempts.map((a, i) => (i === 0 ? { ...a, granted: { ...a.granted, amount: 700 } } : a)),
    }));

    const res = await doors.session(paid.sessionId, { token: service.client });

    expect(res.status).toBe(202);
    const refunds = res.body.refunds as { transaction: { amount: { amount: number }; status: { kind: string; statusMessage?: string } } }[];
    expect(refunds.map((r) => [r.transaction.amount.amount, r.transaction.status.kind])).toEqual([
      [700, 'failed'],
      [400, expect.stringMatching(/^(pending|succeeded)$/)],
    ]);
    expect(refunds[0]!.transaction.status.statusMessage).toEqual(expect.any(String));
    const settled = await waitForSession(service.h, paid.sessionId, (s) => s.attempts[1]!.refunded.amount === 400);
    expect(settled.attempts.map((a) => [a.refunded.amount, a.refundable.amount])).toEqual([
      [0, 700],
      [400, 0],
    ]);
  });

  it('NotFound for another merchant session and for an unknown one; InvalidRequest for a malformed id or a body; Unauthorized without a token', async () => {
    const paid = await paidByCard(service.h, [300]);
    const other = await service.h.clientToken(RIVAL);
    const foreign = await doors.session(paid.sessionId, { token: other });
    const unknown = await doors.session('0190a000-0000-7000-8000-000000000001', { token: service.client });
    expect([foreign.status, foreign.body.code, unknown.status, unknown.body.code]).toEqual([404, 'NotFound', 404, 'NotFound']);
    expect(foreign.body).toEqual(unknown.body);

    const malformed = await doors.session('not-a-uuid', { token: service.client });
    expect([malformed.status, malformed.body.code]).toEqual([400, 'InvalidRequest']);
    const withBody = await doors.session(paid.sessionId, { token: service.client, body: { extraData: 'tag' } });
    expect([withBody.status, withBody.body.code]).toEqual([400, 'InvalidRequest']);
    expect(withBody.body.message).toContain('extraData');
    const zero = await doors.session(paid.sessionId, { token: service.client, body: { amount: 0 } });
    expect([zero.status, zero.body.code]).toEqual([400, 'InvalidRequest']);

    const textBody = await fetch(`${service.h.url}/api/sessions/${paid.sessionId}/refund`, { method: 'POST', headers: { Authorization: `Bearer ${service.client}`, 'Content-Type': 'text/plain' }, body: 'everything' });
    expect([textBody.status, ((await textBody.json()) as { code: string }).code]).toEqual([415, 'UnsupportedMediaType']);

    const anonymous = await doors.session(paid.sessionId, {});
    expect([anonymous.status, anonymous.body.code, anonymous.headers.get('www-authenticate')]).toEqual([401, 'Unauthorized', 'Bearer']);

    const untouched = await sessionOf(service.h, paid.sessionId);
    expect(refundsOf(untouched.attempts[0]!)).toEqual([]);
    expect((await doors.session(paid.sessionId, { token: service.client, body: {} })).status).toBe(202);
  });

  it('refunds a confirmed whole only when it is what remains: a refund made since the read is never overtaken (D121-b)', async () => {
    const paid = await paidByCard(service.h, [600, 400]);
    await expectRefusedBeforeAnyPspCall(() => doors.session(paid.sessionId, { token: service.client, body: { amount: 900 } }), 422, 'PartialRefundNotSupported');
    await doors.attempt(paid.attempts[0]!.attemptId, { token: service.client, body: { amount: 100 } });
    await waitForSession(service.h, paid.sessionId, (s) => s.attempts[0]!.refunded.amount === 100);

    // The caller confirmed the 1000 it read before the other refund: 900 remains, nothing is refunded.
    await expectRefusedBeforeAnyPspCall(() => doors.session(paid.sessionId, { token: service.client, body: { amount: 1_000 } }), 422, 'RefundExceedsRefundable');
    expect((await sessionOf(service.h, paid.sessionId)).attempts.map((a) => refundsOf(a).length)).toEqual([1, 0]);

    const whole = await doors.session(paid.sessionId, { token: service.client, body: { amount: 900 } });
    expect(whole.status).toBe(202);
    expect((whole.body.refunds as { transaction: { amount: { amount: number } } }[]).map((r) => r.transaction.amount.amount)).toEqual([500, 400]);
  });
});
