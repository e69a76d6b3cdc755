import nock from 'nock';
import { isolateNock } from '@splitpay/psp-testkit';
import { AdyenClient } from '../client/adyen.client';
import { openInput, SERVICE_BASE, silentLogger, TEST_BASE } from '../testing/adyen-fixtures';
import { AdyenCardDriver } from './card.driver';

const driver = new AdyenCardDriver({ client: new AdyenClient({ timeoutMs: 2_000 }), logger: silentLogger, publicBaseUrl: SERVICE_BASE, pause: async () => undefined });

isolateNock();
afterEach(() => nock.cleanAll());

describe("Adyen's calls name the service, not the HTTP client (psp-http's PSP_USER_AGENT)", () => {
  it('sends User-Agent splitpay/<version> with a card payment', async () => {
    const seen: string[] = [];
    const input = openInput('card');
    nock(TEST_BASE)
      .post('/v71/payments')
      .reply(function () {
        seen.push(String(this.req.headers['user-agent']));
        return [200, { resultCode: 'Received', pspReference: 'PSPUA0001' }];
      });
    await driver.open(input);
    expect(seen).toEqual([expect.stringMatching(/^splitpay\/\d+\.\d+\.\d+$/)]);
  });
});
