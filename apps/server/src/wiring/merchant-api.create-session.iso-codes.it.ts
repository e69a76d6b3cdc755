import { type AccountTokens, call, sessionBody, startAccountService } from '../../test/support/merchant-api-calls';
import type { ServiceHarness } from '../../test/support/service-harness';
import { itAnsweredAsTheOpenApiDocumentSays } from '../../test/support/openapi-recorder';

const line = (currency: string) => ({ label: 'TV', quantity: 1, amount: { amount: 1000, currency } });

/**
 * Money.currency is ISO 4217 and every country (filters, billing, shipping) ISO 3166-1 alpha-2: a code
 * of the right shape that the standard never assigned is malformed, like one of the wrong shape.
 */
const UNASSIGNED: readonly (readonly [string, Record<string, unknown>, RegExp])[] = [
  ['session currency', { currency: 'ABC' }, /^currency must be an ISO 4217 currency code$/],
  ['cart line currency', { cartItems: [line('QQQ')] }, /^cartItems\[0\]\.amount\.currency must be an ISO 4217 currency code$/],
  ['filters country', { paymentMethodFilters: { country: 'QQ' } }, /^paymentMethodFilters\.country must be an ISO 3166-1 alpha-2 country code$/],
  ['billing country', { billing: { country: 'XX' } }, /^billing\.country must be an ISO 3166-1 alpha-2 country code$/],
  ['shipping country', { shipping: { country: 'UK' } }, /^shipping\.country must be an ISO 3166-1 alpha-2 country code$/],
];

const ASSIGNED: readonly (readonly [string, Record<string, unknown>])[] = [
  ['a currency without minor units', { currency: 'JPY', cartItems: [line('JPY')] }],
  ['a three-decimal currency', { currency: 'KWD' }],
  ['countries of every kind', { paymentMethodFilters: { country: 'GB' }, billing: { country: 'NC' }, shipping: { country: 'AX' } }],
];

describe('POST /api/sessions: currency and country codes are the ones the standards assign', () => {
  let h: ServiceHarness;
  let tokens: AccountTokens;
  beforeAll(async () => {
    ({ h, tokens } = await startAccountService());
  }, 60_000);

  it.each(UNASSIGNED)('refuses an unassigned %s (InvalidRequest naming the field)', async (_label, overrides, message) => {
    const res = await call(h.app, 'post', '/api/sessions', { token: tokens.acme, body: sessionBody(overrides) });
    expect([res.status, res.body.code]).toEqual([400, 'InvalidRequest']);
    expect(res.body.message).toMatch(message);
  });

  it.each(ASSIGNED)('accepts %s', async (_label, overrides) => {
    const res = await call(h.app, 'post', '/api/sessions', { token: tokens.acme, body: sessionBody(overrides) });
    expect(res.status).toBe(201);
  });

  itAnsweredAsTheOpenApiDocumentSays();
});
