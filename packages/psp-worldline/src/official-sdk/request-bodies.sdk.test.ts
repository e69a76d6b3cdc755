import { money, type FollowUpInput, type OpenInput, type TransactionId } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import { isolateNock, type FitsSdk } from '@splitpay/psp-testkit';
import nock from 'nock';
import type { Domain } from 'onlinepayments-sdk-nodejs';
import type { cancelRequest, captureRequest, refundRequest } from '../driver/follow-up-request';
import type { hostedCheckoutRequest, paymentRequest } from '../driver/opening-request';
import { expectedAuthorization, recorder, type Seen } from '../testing/request-recorder';
import { captureAnswer, hostedCheckoutAnswer, MERCHANT, payment, redirectAnswer, refund, SETTINGS, TEST_BASE } from '../testing/worldline-fixtures';
import { officialClient } from '../testing/worldline-sdk';
import { createWorldlineProvider } from '../worldline.plugin';

// Worldline's Node SDK (onlinepayments-sdk-nodejs) checks each body against its JSON schema
// (no field it does not know) before sending; its types say the same at compile time.

type Body<F extends (...args: never[]) => unknown> = ReturnType<F>;
/** Product 5412 (ANCV's own CV Connect) is in Worldline's PHP SDK, not in the Node SDK: its input is the one field left out. */
type Without5412<T> = T extends { redirectPaymentMethodSpecificInput: infer R } ? Omit<T, 'redirectPaymentMethodSpecificInput'> & { redirectPaymentMethodSpecificInput: Omit<R, 'paymentProduct5412SpecificInput'> } : T;

const typesFit: [
  FitsSdk<Domain.CreatePaymentRequest, Without5412<Body<typeof paymentRequest>>>,
  FitsSdk<Domain.CreateHostedCheckoutRequest, Without5412<Body<typeof hostedCheckoutRequest>>>,
  FitsSdk<Domain.CapturePaymentRequest, Body<typeof captureRequest>>,
  FitsSdk<Domain.CancelPaymentRequest, Body<typeof cancelRequest>>,
  FitsSdk<Domain.RefundRequest, Body<typeof refundRequest>>,
  // The day the Node SDK knows 5412, this fails: drop Without5412.
  'paymentProduct5412SpecificInput' extends keyof Domain.RedirectPaymentMethodSpecificInput ? false : true,
] = [true, true, true, true, true, true];

const P = `/v2/${MERCHANT}/payments`;
const TX = '3f2c9a4e-1b7d-4c5e-9f00-aa11bb22cc33' as TransactionId;
const PAY = '4000012345_0';
const provider = createWorldlineProvider({ clock: { now: () => Date.now() }, logger: new CapturingLogger(), timeoutMs: 1_000 });
const driver = (method: 'wero' | 'ancv') => provider.drivers.find((d) => d.method === method)!;
const call = (settings: Record<string, unknown>, method: 'wero' | 'ancv') => ({
  transactionId: TX,
  attemptId: 'att-1' as OpenInput['attemptId'],
  reference: 'order-42-abcdef123',
  offer: { id: method, method, provider: 'worldline', capabilities: driver(method).capabilitiesFor!(settings), partialRefunds: true } as OpenInput['offer'],
  settings,
});
const openInput = (settings: Record<string, unknown>, method: 'wero' | 'ancv'): OpenInput => ({
  ...call(settings, method),
  amount: money(6_000, 'EUR'),
  registerAlias: false,
  // Every field the driver maps, so the SDK's schema sees customer (its device included) and shipping whole.
  order: {
    orderId: 'order-42',
    extraData: 'basket=7',
    customer: { ident: 'CUST-7', email: 'payer@example.com', firstName: 'Jeanne', lastName: 'Martin' },
    billing: { title: 'mrs', companyName: 'Atelier Martin', address: '12 rue de la Paix', postalCode: '75002', city: 'Paris', country: 'FR' as never, phone: '+33142000000', mobilePhone: '+33612345678' },
    shipping: { title: 'mr', firstName: 'Paul', lastName: 'Martin', companyName: 'Atelier Martin', address: '3 quai des Chartrons', postalCode: '33000', city: 'Bordeaux', country: 'FR' as never },
  },
  returnUrl: 'https://pay.example/elements/return/att-1',
  notificationUrl: 'https://pay.example/psp/worldline/notifications',
  payerDevice: { ip: '203.0.113.42' },
});
const followUp = (transactionId: string): FollowUpInput => ({ ...call(SETTINGS, 'wero'), transactionId: transactionId as TransactionId, amount: money(1_500, 'EUR'), target: { transactionId: TX, providerRef: PAY } });

/** The body our driver sent, as Worldline (nock) received it. */
async function sent(play: () => Promise<unknown>, path: string, answer: Record<string, unknown>): Promise<Record<string, unknown>> {
  const r = recorder();
  nock(TEST_BASE).post(path).reply(r.reply(201, answer));
  await play();
  expect(r.seen).toHaveLength(1);
  return r.seen[0]!.body as Record<string, unknown>;
}

/** What Worldline receives when the SDK sends `body` (the SDK refusing it throws). */
async function viaSdk(path: string, send: () => Promise<{ isSuccess: boolean }>): Promise<Seen> {
  const r = recorder();
  nock(TEST_BASE).post(path).reply(r.reply(201, {}));
  expect((await send()).isSuccess).toBe(true);
  return r.seen[0]!;
}

isolateNock();
afterEach(() => nock.cleanAll());

describe("Worldline: our request bodies against the official Node SDK's request types and schemas", () => {
  const sdk = officialClient();

  it('the body types of every call fit the SDK types, no unknown field at any depth', () => {
    expect(typesFit.every(Boolean)).toBe(true);
  });

  it.each([
    ['wero (900), held', SETTINGS, 'wero'],
    ['ancv on 5403, a sale', { ...SETTINGS, ancvProductId: 5403 }, 'ancv'],
  ] as const)('open %s: the SDK accepts the body our driver sent, and signs it as we do', async (_name, settings, method) => {
    const hosted = method === 'ancv';
    const path = hosted ? `/v2/${MERCHANT}/hostedcheckouts` : P;
    const body = await sent(() => driver(method).open(openInput(settings, method)), path, hosted ? hostedCheckoutAnswer('hc-1', TX) : redirectAnswer(PAY, 6_000, TX));
    const seen = await viaSdk(path, () => (hosted ? sdk.hostedCheckout.createHostedCheckout(MERCHANT, body as Domain.CreateHostedCheckoutRequest) : sdk.payments.createPayment(MERCHANT, body as Domain.CreatePaymentRequest)));
    expect(seen.body).toEqual(body);
    const customer = (body.order as Record<string, unknown>).customer as Record<string, unknown>;
    expect(Object.keys(customer)).toEqual(['merchantCustomerId', 'personalInformation', 'companyInformation', 'contactDetails', 'billingAddress', 'device']);
    expect(customer.device).toEqual({ ipAddress: '203.0.113.42' } satisfies Domain.CustomerDevice);
    expect((body.order as Record<string, unknown>).shipping).toBeDefined();
    expect(seen.headers.authorization).toBe(expectedAuthorization(seen));
  });

  it('open ancv on 5412: the SDK refuses only the 5412 input it does not know', async () => {
    const body = await sent(() => driver('ancv').open(openInput(SETTINGS, 'ancv')), P, redirectAnswer(PAY, 6_000, TX));
    // The SDK validates before sending, synchronously.
    expect(() => sdk.payments.createPayment(MERCHANT, body as Domain.CreatePaymentRequest)).toThrow(/additional property "paymentProduct5412SpecificInput"/);
    const { paymentProduct5412SpecificInput, ...known } = body.redirectPaymentMethodSpecificInput as Record<string, unknown>;
    expect(paymentProduct5412SpecificInput).toEqual({ adjustableAmount: true });
    const seen = await viaSdk(P, () => sdk.payments.createPayment(MERCHANT, { ...body, redirectPaymentMethodSpecificInput: known } as Domain.CreatePaymentRequest));
    expect(seen.headers.authorization).toBe(expectedAuthorization(seen));
  });

  it('capture, cancel and refund: the SDK accepts each body our driver sent, and signs it as we do', async () => {
    const capture = await sent(() => driver('wero').capture(followUp('cap-1')), `${P}/${PAY}/capture`, captureAnswer({ id: '4000012345_1', status: 'CAPTURED', statusCode: 9, amount: 1_500 }));
    const cancel = await sent(() => driver('wero').void(followUp('void-1')), `${P}/${PAY}/cancel`, { payment: payment({ id: PAY, status: 'CANCELLED', statusCode: 6, amount: 1_500 }) });
    const refunded = await sent(() => driver('wero').refund(followUp('ref-1')), `${P}/${PAY}/refund`, refund({ id: '4000012345_2', status: 'REFUND_REQUESTED', statusCode: 81, amount: 1_500 }));
    const context = { idempotence: { key: 'op-1' } };
    for (const seen of [
      await viaSdk(`${P}/${PAY}/capture`, () => sdk.payments.capturePayment(MERCHANT, PAY, capture as Domain.CapturePaymentRequest, context)),
      await viaSdk(`${P}/${PAY}/cancel`, () => sdk.payments.cancelPayment(MERCHANT, PAY, cancel as Domain.CancelPaymentRequest, context)),
      await viaSdk(`${P}/${PAY}/refund`, () => sdk.payments.refundPayment(MERCHANT, PAY, refunded as Domain.RefundRequest, context)),
    ]) {
      expect(seen.headers['x-gcs-idempotence-key']).toBe('op-1');
      expect(seen.headers.authorization).toBe(expectedAuthorization(seen));
    }
  });
});
