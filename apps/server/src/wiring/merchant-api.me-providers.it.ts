import { call, startAccountService, type AccountTokens } from '../../test/support/merchant-api-calls';
import { contactTokens } from '../../test/support/dashboard-login';
import { ACME, SECOND_ACQUIRER } from '../../test/support/merchants.fixture';
import type { ServiceHarness } from '../../test/support/service-harness';

describe('GET /api/me names the providers of the caller account (D66)', () => {
  let h: ServiceHarness;
  let tokens: AccountTokens;
  beforeAll(async () => {
    ({ h, tokens } = await startAccountService());
  });

  // acme holds six fake contracts and one on the second acquirer, which gives no display name.
  const ACME_PROVIDERS = [{ id: SECOND_ACQUIRER }, { id: 'fake', name: 'Fake PSP' }];

  it('lists them for a client token: sorted, once each, with the name the platform knows', async () => {
    const res = await call(h.app, 'get', '/api/me', { token: tokens.acme });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ merchantId: 'acme', principal: 'client', expiresAt: expect.any(Number), providers: ACME_PROVIDERS });
  });

  it('lists the same for a contact token, admin or member', async () => {
    for (const token of [tokens.acmeAdmin, (await contactTokens(h.app, ACME.member)).accessToken]) {
      const res = await call(h.app, 'get', '/api/me', { token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ merchantId: 'acme', principal: 'contact', providers: ACME_PROVIDERS });
    }
  });

  it('lists only the caller account contracts: globex holds one, on the fake PSP', async () => {
    const res = await call(h.app, 'get', '/api/me', { token: tokens.globex });
    expect(res.body.providers).toEqual([{ id: 'fake', name: 'Fake PSP' }]);
  });
});
