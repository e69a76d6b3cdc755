import { money, type LookupInput, type TransactionId } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import nock from 'nock';
import { isolateNock } from '@splitpay/psp-testkit';
import { MERCHANT, payment, SETTINGS, TEST_BASE } from '../testing/worldline-fixtures';
import { createWorldlineProvider } from '../worldline.plugin';

const TX = '5a1c9a4e-1b7d-4c5e-9f00-aa11bb22cc45' as TransactionId;
const PAY = '4000054322_0';
const provider = createWorldlineProvider({ clock: { now: () => Date.now() }, logger: new CapturingLogger(), timeoutMs: 1_000 });
const wero = provider.drivers.find((d) => d.method === 'wero')!;

isolateNock();
afterEach(() => nock.cleanAll());

describe("Worldline's calls name the service, not the HTTP client (psp-http's PSP_USER_AGENT)", () => {
  it("sends User-Agent splitpay/<version> with a payment's lookup", async () => {
    const seen: string[] = [];
    nock(TEST_BASE)
      .get(`/v2/${MERCHANT}/payments/${PAY}`)
      .reply(function () {
        seen.push(String(this.req.headers['user-agent']));
        return [200, payment({ id: PAY, status: 'PENDING_CAPTURE', statusCode: 5, amount: 4_200, merchantReference: TX })];
      });
    const input: LookupInput = {
      transactionId: TX,
      attemptId: 'att-1' as LookupInput['attemptId'],
      reference: 'order-7',
      offer: { id: 'wero', method: 'wero', provider: 'worldline', capabilities: wero.capabilitiesFor!(SETTINGS), partialRefunds: true } as LookupInput['offer'],
      settings: SETTINGS,
      amount: money(4_200, 'EUR'),
      target: { transactionId: TX, providerRef: PAY },
    };
    await wero.lookup!(input);
    expect(seen).toEqual([expect.stringMatching(/^splitpay\/\d+\.\d+\.\d+$/)]);
  });
});
