import type { SessionView } from '@splitpay/domain';
import { ElementsClient, pressFakePspButton } from '../support/elements-client';
import { readSession } from '../support/service-harness';
import { useService } from '../support/use-service';

const noneInFlight = (v: SessionView) => v.attempts.length > 0 && v.attempts.every((a) => a.status !== 'AUTHORIZING');

interface StoredAttempt {
  method: string;
  status: string;
  transactions: { type: string; status: { kind: string } }[];
}

const operations = (a: StoredAttempt | undefined) => a?.transactions.map((t) => [t.type, t.status.kind]);

jest.setTimeout(30_000);

describe('payer flow: expiry, abort and the read-only grace', () => {
  const h = useService({ env: { ELEMENTS_GRACE_MS: String(15 * 60_000) } });

  it('expires a PENDING session past its ttl: the card hold is voided, the vouchers refunded, nothing kept', async () => {
    const { page, sessionId } = await h.openPage({
      currency: 'EUR',
      total: 10_000,
      orderId: 'expiry',
      ttlMs: 60_000,
      methods: [{ method: 'card' }, { method: 'ancv' }],
      returnUrl: 'https://shop.example/back',
    });
    const vouchers = await page.start({ methodId: 'ancv', amount: 3_000 });
    await pressFakePspButton(vouchers.body.view.attempts[0]!.redirect!.url, 'approve');
    await page.waitFor(noneInFlight);
    await page.payByCard('card', 2_000);
    const held = await page.waitFor((v) => v.attempts.length === 2 && noneInFlight(v));
    expect(held).toMatchObject({ status: 'PENDING', remaining: { amount: 5_000 } });

    h.clock.advance(59_999);
    await h.runWorkers();
    expect((await page.view()).body.view.status).toBe('PENDING');
    h.clock.advance(1);
    await h.runWorkers();
    const view = await page.waitFor((v) => v.status === 'EXPIRED');
    expect(view.attempts.map((a) => [a.method, a.status])).toEqual([
      ['ancv', 'CAPTURED'],
      ['card', 'VOIDED'],
    ]);
    const session = await readSession(h, sessionId);
    expect(session.body).toMatchObject({ status: 'EXPIRED', captured: { amount: 0 } });
    const [ancv, card] = session.body.attempts as StoredAttempt[];
    expect(operations(card)).toEqual([
      ['authorization', 'succeeded'],
      ['void', 'succeeded'],
    ]);
    expect(operations(ancv)).toEqual([
      ['payment', 'succeeded'],
      ['refund', 'succeeded'],
    ]);
  });

  it('aborts when the payer abandons the payment: ABORTING, holds voided, ABORTED; then read-only, then gone', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 10_000, orderId: 'abort', methods: [{ method: 'card' }] });
    const started = await page.payByCard('card', 4_000);
    await page.waitFor(noneInFlight);
    const abandoned = await page.abandonSession();
    expect(abandoned.status).toBe(200);
    expect(['ABORTING', 'ABORTED']).toContain(abandoned.body.view.status);
    const view = await page.waitFor((v) => v.status === 'ABORTED');
    expect(view.attempts[0]).toMatchObject({ status: 'VOIDED' });
    expect(view.methods.every((m) => !m.eligible)).toBe(true);
    const session = await readSession(h, sessionId);
    expect(session.body).toMatchObject({ status: 'ABORTED', captured: { amount: 0 } });
    expect(operations((session.body.attempts as StoredAttempt[])[0])).toEqual([
      ['authorization', 'succeeded'],
      ['void', 'succeeded'],
    ]);

    // Ended: the token still reads during the grace, and every action is SessionReadOnly.
    expect((await page.view()).status).toBe(200);
    for (const action of [
      () => page.payByCard('card', 1_000),
      () => page.cancel(started.body.attemptId!),
      () => page.abandonAttempt(started.body.attemptId!),
      () => page.abandonSession(),
      () => page.acceptPartial(started.body.attemptId!),
      () => page.acceptTerms(),
      () => page.confirm(started.body.attemptId!, 'token'),
    ]) {
      const res = await action();
      expect([res.status, res.body.code]).toEqual([409, 'SessionReadOnly']);
    }

    h.clock.advance(15 * 60_000);
    expect((await page.view()).status).toBe(200);
    h.clock.advance(1);
    const gone = await page.view();
    expect(gone.status).toBe(401);
    expect(gone.body.code).toBe('InvalidElementsToken');
    expect(gone.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    const unknown = await new ElementsClient(h.url, 'pst_unknown-token').view();
    expect([unknown.status, unknown.body]).toEqual([401, gone.body]);
    expect((await page.payByCard('card', 1_000)).body.code).toBe('InvalidElementsToken');
  });

  it('ends an aborted session at once despite an attempt in flight; its late grant is handed back (voided)', async () => {
    const { page, sessionId } = await h.openPage({
      currency: 'EUR',
      total: 10_000,
      orderId: 'abort-in-flight',
      methods: [{ method: 'paypal' }],
      returnUrl: 'https://shop.example/back',
    });
    const started = await page.start({ methodId: 'paypal', amount: 10_000 });
    const abandoned = await page.abandonSession();
    expect(abandoned.status).toBe(200);
    expect((await page.waitFor((v) => v.status === 'ABORTED')).status).toBe('ABORTED');

    // The payer approves at the PSP after all: the grant is recorded, then released at once.
    await pressFakePspButton(started.body.view.attempts[0]!.redirect!.url, 'approve');
    const view = await page.waitFor((v) => v.attempts[0]?.status === 'VOIDED');
    expect(view).toMatchObject({ status: 'ABORTED', attempts: [{ status: 'VOIDED' }] });
    const session = await readSession(h, sessionId);
    expect(session.body).toMatchObject({ status: 'ABORTED', captured: { amount: 0 } });
    expect(operations((session.body.attempts as StoredAttempt[])[0])).toEqual([
      ['authorization', 'succeeded'],
      ['void', 'succeeded'],
    ]);
  });

  it('refuses a session that is no longer pending while it releases its holds', async () => {
    const { page } = await h.openPage({ currency: 'EUR', total: 10_000, orderId: 'not-pending', methods: [{ method: 'card' }], ttlMs: 5_000 });
    await page.payByCard('card', 4_000);
    await page.waitFor(noneInFlight);
    h.clock.advance(5_000);
    const late = await page.payByCard('card', 1_000);
    expect([late.status, late.body.code]).toEqual([409, 'SessionNotPending']);
  });
});
