import nock from 'nock';
import { DEFAULT_POLICY } from '@splitpay/domain';
import { ManualClock } from '@splitpay/infra';
import { SANDBOX, SETTINGS, authorizedOrder } from '@splitpay/psp-paypal/src/testing/paypal.fixtures';
import { payPalOrderApproved } from '../support/paypal-approval';
import { providerService } from '../support/provider-service';
import { readSession } from '../support/service-harness';

// The whole service over HTTP, nock playing PayPal, whose driver passes on the amount PayPal states:
// an authorization in USD for a EUR order, on the payer's return and on the worker's status lookup, is
// no verdict (docs/decisions.md D132). The return door sends the payer on (before: 500), the worker's
// turn is saved (before: it threw on every claim); the attempt stays AUTHORIZING, its opening pending,
// and each refusal is an error line with its references.

jest.setTimeout(30_000);

interface StoredSession {
  readonly status: string;
  readonly attempts: { status: string; granted: { amount: number; currency: string }; transactions: { status: { kind: string } }[] }[];
}

describe('PayPal grants in another currency than the order asked', () => {
  const service = providerService([{ method: 'paypal', provider: 'paypal', settings: SETTINGS }], { clock: new ManualClock(Date.now()) });
  const h = service.h;
  beforeEach(() => {
    nock(SANDBOX).persist().post('/v1/oauth2/token').reply(200, { access_token: 'A21AA-service-token', token_type: 'Bearer', expires_in: 32_400 });
  });

  const stored = async (sessionId: string) => (await readSession(h, sessionId)).body as unknown as StoredSession;
  const lines = (event: string): Record<string, unknown>[] => h.logLines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === event);

  it('on the return: the payer is sent on, nothing granted; the lookup finding the same grant changes nothing and fails no turn', async () => {
    const orderId = '9USDGRANT0RETURN01';
    const { sessionId, attemptId, authorization, customId, comeBack } = await payPalOrderApproved(h, 'grant-usd-return', orderId, 'USD');

    expect(await comeBack()).toBe(303);
    const afterReturn = await stored(sessionId);
    expect(afterReturn.status).toBe('PENDING');
    expect(afterReturn.attempts[0]).toMatchObject({ status: 'AUTHORIZING', granted: { amount: 0, currency: 'EUR' } });
    expect(afterReturn.attempts[0]!.transactions[0]!.status.kind).toBe('pending');
    expect(lines('psp.grant_currency_mismatch')).toEqual([
      expect.objectContaining({ level: 'error', provider: 'paypal', source: 'return', sessionId, attemptId, providerRef: orderId, grantedCurrency: 'USD', askedCurrency: 'EUR' }),
    ]);

    const lookup = nock(SANDBOX).get(`/v2/checkout/orders/${orderId}`).reply(200, authorizedOrder(orderId, customId, { authorizationId: authorization, value: '100.00', currency: 'USD' }));
    h.clock.advance(DEFAULT_POLICY.verdictOverdueMs);
    await h.runWorkers();
    expect(lookup.isDone()).toBe(true);
    expect(lines('session_worker.turn_failed')).toEqual([]);
    expect(lines('psp.grant_currency_mismatch').map((l) => l.source)).toEqual(['return', 'lookup']);
    const afterLookup = await stored(sessionId);
    expect(afterLookup.attempts[0]).toMatchObject({ status: 'AUTHORIZING', granted: { amount: 0 } });
    expect(afterLookup.attempts[0]!.transactions[0]!.status.kind).toBe('pending');
    expect(lines('http.unexpected_error')).toEqual([]);
    expect(h.logLines.join('\n')).not.toContain(SETTINGS.clientSecret);
  });
});
