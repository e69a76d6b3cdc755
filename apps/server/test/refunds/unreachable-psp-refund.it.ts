import { PspOperationTap } from '../support/psp-operation-tap';
import { paidByCard, refundDoors, refundsOf, useRefundService, waitForSession, type TransactionJson } from './refund-support';

jest.setTimeout(30_000);

type WithAck = TransactionJson & { readonly ackMessage?: string };

/**
 * A refund sent while the PSP cannot be reached: the merchant reads on its transaction that no answer
 * came, and why in words, never the PSP's address; the log line keeps the whole cause.
 */
describe('a refund whose PSP refuses the connection', () => {
  const tap = new PspOperationTap({ closeEachConnection: true });
  let pspAddress = '';
  const service = useRefundService(async () => {
    pspAddress = await tap.start();
    return { env: { FAKE_PSP_URL: `${pspAddress}/fake-psp` } };
  });
  beforeAll(() => tap.forwardTo(service.h.url));
  afterAll(() => tap.close());

  it('shows an ackMessage with the error code and no host or port, through GET /api/sessions/{id}', async () => {
    const { h } = service;
    const paid = await paidByCard(h, [1_000]);
    await tap.close(); // from now on the PSP's address refuses connections
    const port = new URL(pspAddress).port;

    const res = await refundDoors(h).attempt(paid.attempts[0]!.attemptId, { token: service.client, body: { amount: 300 } });
    expect(res.status).toBe(202);
    const refunded = await waitForSession(h, paid.sessionId, (s) => refundsOf(s.attempts[0]!).some((t) => (t as WithAck).ackMessage !== undefined));
    const refund = refundsOf(refunded.attempts[0]!)[0] as WithAck;
    expect(refund.ackMessage).toBe('ECONNREFUSED: no answer from the fake PSP (connection refused)');
    expect(JSON.stringify(refunded)).not.toContain(`:${port}`);
    expect(JSON.stringify(refunded)).not.toContain('127.0.0.1');

    const failures = h.logLines.filter((line) => line.includes('fake-psp.call_failed')).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(failures).toContainEqual(expect.objectContaining({ level: 'warn', method: 'POST', path: '/payments/{ref}/refunds', cause: expect.stringContaining(`127.0.0.1:${port}`) }));
  });
});
