import { pendingView, scriptedFetch } from '../testing/view.fixture';
import { ElementsClient } from './elements-client';
import { SplitPayError } from './split-pay-error';

const TOKEN = 'pst_test-token';

describe('ElementsClient', () => {
  it('calls each door with the elements token only, and no cookie', async () => {
    const { fetch, calls } = scriptedFetch([pendingView()]);
    const client = new ElementsClient({ baseUrl: 'https://pay.example/', elementsToken: TOKEN, fetch });
    await client.view();
    await client.start({ methodId: 'card', amount: 4000, input: { method: 'card', cardNumber: '4111111111111111', expiry: '12/30', cvc: '123' } });
    await client.cancel('a 1');
    await client.abandonAttempt('a1');
    await client.acceptPartial('a1');
    await client.confirm('a1', 'wallet-token');
    await client.acceptTerms();
    await client.abandonSession();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET https://pay.example/elements/session',
      'POST https://pay.example/elements/session/attempts',
      'POST https://pay.example/elements/session/attempts/a%201/cancel',
      'POST https://pay.example/elements/session/attempts/a1/abandon',
      'POST https://pay.example/elements/session/attempts/a1/accept-partial',
      'POST https://pay.example/elements/session/attempts/a1/confirm',
      'POST https://pay.example/elements/session/accept-terms',
      'POST https://pay.example/elements/session/abandon',
    ]);
    expect(calls.every((c) => c.headers.Authorization === `Bearer ${TOKEN}`)).toBe(true);
    expect(calls[1]?.body).toEqual({ methodId: 'card', amount: 4000, input: { method: 'card', cardNumber: '4111111111111111', expiry: '12/30', cvc: '123' } });
    expect(calls[5]?.body).toEqual({ input: { method: 'applepay', paymentToken: 'wallet-token' } });
    expect(calls[2]?.body).toBeUndefined();
  });

  it('turns a refusal into a SplitPayError by its code, never by its message', async () => {
    const { fetch } = scriptedFetch([{ status: 422, body: { code: 'AmountExceedsRemaining', message: 'anything' } }]);
    const error = await new ElementsClient({ baseUrl: 'https://pay.example', elementsToken: TOKEN, fetch }).start({ methodId: 'card', amount: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SplitPayError);
    expect(error).toMatchObject({ code: 'AmountExceedsRemaining', httpStatus: 422, retryable: false });
  });

  it('keeps Retry-After of TooManyRequests, and says NetworkError when no answer came', async () => {
    const { fetch } = scriptedFetch([{ status: 429, body: { code: 'TooManyRequests', message: 'slow down' }, headers: { 'Retry-After': '7' } }]);
    await expect(new ElementsClient({ baseUrl: 'https://pay.example', elementsToken: TOKEN, fetch }).view()).rejects.toMatchObject({ code: 'TooManyRequests', retryAfterS: 7, retryable: true });
    const down = async (): Promise<Response> => {
      throw new TypeError('fetch failed');
    };
    await expect(new ElementsClient({ baseUrl: 'https://pay.example', elementsToken: TOKEN, fetch: down }).view()).rejects.toMatchObject({ code: 'NetworkError', retryable: true });
  });

  it("asks the wallet-session door with the token, the page's host name and the validation URL; answers the PSP's session, or none", async () => {
    const session = { merchantSessionIdentifier: 'SSH1', signature: 'c2ln' };
    const { fetch, calls } = scriptedFetch([
      { status: 200, body: { walletSession: session } },
      { status: 200, body: {} },
      { status: 409, body: { code: 'ConfirmNotApplicable', message: 'This wallet needs no merchant validation' } },
    ]);
    const client = new ElementsClient({ baseUrl: 'https://pay.example', elementsToken: TOKEN, fetch });
    await expect(client.walletSession('a 1', { domainName: 'shop.example', validationUrl: 'https://apple-pay-gateway.apple.com/paymentservices/startSession' })).resolves.toEqual({ walletSession: session });
    await expect(client.walletSession('a1', { domainName: 'shop.example' })).resolves.toEqual({});
    await expect(client.walletSession('a1', { domainName: 'shop.example' })).rejects.toMatchObject({ code: 'ConfirmNotApplicable', httpStatus: 409 });
    const door = 'POST https://pay.example/elements/session/attempts';
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([`${door}/a%201/wallet-session`, `${door}/a1/wallet-session`, `${door}/a1/wallet-session`]);
    expect(calls.every((c) => c.headers.Authorization === `Bearer ${TOKEN}`)).toBe(true);
    expect(calls[0]?.body).toEqual({ input: { method: 'applepay', domainName: 'shop.example', validationUrl: 'https://apple-pay-gateway.apple.com/paymentservices/startSession' } });
    expect(calls[1]?.body).toEqual({ input: { method: 'applepay', domainName: 'shop.example' } });
  });
});
