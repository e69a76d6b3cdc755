import { money, type OpenInput, type TransactionId } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import nock from 'nock';
import { isolateNock } from '@splitpay/psp-testkit';
import { recorder } from '../testing/request-recorder';
import { hostedCheckoutAnswer, MERCHANT, redirectAnswer, SETTINGS, TEST_BASE } from '../testing/worldline-fixtures';
import { createWorldlineProvider } from '../worldline.plugin';

const TX = '3f2c9a4e-1b7d-4c5e-9f00-aa11bb22cc33' as TransactionId;
const PAY = '4000012345_0';
const provider = createWorldlineProvider({ clock: { now: () => Date.now() }, logger: new CapturingLogger(), timeoutMs: 1_000 });
const driver = (method: 'wero' | 'ancv') => provider.drivers.find((d) => d.method === method)!;

const FR = 'FR' as never;
const BILLING = { title: 'mrs' as const, firstName: 'Jeanne', lastName: 'Martin', address: '12 rue de la Paix', postalCode: '75002', city: 'Paris', country: FR, phone: '+33 1.42.00-00-00', mobilePhone: '+33612345678' };
const SHIPPING = { companyName: 'Atelier Martin', title: 'mr' as const, firstName: 'Paul', lastName: 'Martin', address: '3 quai des Chartrons', postalCode: '33000', city: 'Bordeaux', country: FR };

const openInput = (order: OpenInput['order'], settings: Record<string, unknown> = SETTINGS, method: 'wero' | 'ancv' = 'wero'): OpenInput => ({
  transactionId: TX,
  attemptId: 'att-1' as OpenInput['attemptId'],
  reference: 'order-42-abcdef123',
  offer: { id: method, method, provider: 'worldline', capabilities: driver(method).capabilitiesFor!(settings), partialRefunds: true } as OpenInput['offer'],
  settings,
  amount: money(6_000, 'EUR'),
  registerAlias: false,
  order,
  returnUrl: 'https://pay.example/elements/return/att-1',
  notificationUrl: 'https://pay.example/psp/worldline/notifications',
});

/** The `order` of the create-payment body Worldline received for `order` (opened by a payer of `payerDevice`). */
async function sentOrder(order: OpenInput['order'], payerDevice?: OpenInput['payerDevice']): Promise<Record<string, unknown>> {
  const r = recorder();
  nock(TEST_BASE).post(`/v2/${MERCHANT}/payments`).reply(r.reply(201, redirectAnswer(PAY, 6_000, TX)));
  await driver('wero').open({ ...openInput(order), ...(payerDevice ? { payerDevice } : {}) });
  expect(r.seen).toHaveLength(1);
  return (r.seen[0]!.body as { order: Record<string, unknown> }).order;
}

isolateNock();

/** A lone surrogate in a body (a character cut in half, no Unicode text): JSON.stringify escapes only those as \uD8xx-\uDFxx. */
const LONE_SURROGATE = /\\u[dD][89a-fA-F][0-9a-fA-F]{2}/;
afterEach(() => nock.cleanAll());

describe('Worldline: what the merchant tells about the order reaches order.customer and order.shipping', () => {
  it('the customer: its id, name, title, email, phones and billing address', async () => {
    const order = await sentOrder({ orderId: 'order-42', customer: { ident: 'CUST-7', email: 'jeanne@example.com', firstName: 'Jeanne', lastName: 'Martin' }, billing: BILLING });
    expect(order.customer).toEqual({
      merchantCustomerId: 'CUST-7',
      personalInformation: { name: { title: 'Mrs', firstName: 'Jeanne', surname: 'Martin' } },
      contactDetails: { emailAddress: 'jeanne@example.com', phoneNumber: '+33142000000', mobilePhoneNumber: '+33612345678' },
      billingAddress: { street: '12 rue de la Paix', zip: '75002', city: 'Paris', countryCode: 'FR' },
    });
  });

  it('the shipping address with its recipient and company', async () => {
    const order = await sentOrder({ orderId: 'order-42', shipping: SHIPPING });
    expect(order.shipping).toEqual({
      address: { name: { title: 'Mr', firstName: 'Paul', surname: 'Martin' }, companyName: 'Atelier Martin', street: '3 quai des Chartrons', zip: '33000', city: 'Bordeaux', countryCode: 'FR' },
    });
  });

  it("values longer than Worldline's fields are cut; an identifier or a phone too long to fit is left out rather than cut into another one", async () => {
    const long = 'x'.repeat(200);
    const order = await sentOrder({
      orderId: 'order-42',
      customer: { ident: 'CUSTOMER-0000000000001', email: `${'a'.repeat(80)}@example.com`, firstName: long, lastName: long },
      billing: { ...BILLING, address: long, city: long, postalCode: '123456789012', phone: '+33 1 42 00 00 00 00 00', mobilePhone: undefined },
      shipping: { ...SHIPPING, companyName: long },
    });
    const customer = order.customer as { merchantCustomerId?: string; personalInformation: { name: { firstName: string; surname: string } }; contactDetails: Record<string, string>; billingAddress: Record<string, string> };
    expect(customer.merchantCustomerId).toBeUndefined();
    expect(customer.personalInformation.name.firstName).toHaveLength(15);
    expect(customer.personalInformation.name.surname).toHaveLength(70);
    expect(customer.contactDetails).toBeUndefined();
    expect(customer.billingAddress.street).toHaveLength(50);
    expect(customer.billingAddress.city).toHaveLength(40);
    expect(customer.billingAddress.zip).toHaveLength(10);
    expect((order.shipping as { address: { companyName: string } }).address.companyName).toHaveLength(40);
  });

  it("the merchant's extra data is echoed by Worldline as the payment's merchantParameters, a JSON object as Worldline asks", async () => {
    const order = await sentOrder({ orderId: 'order-42', extraData: 'basket=7;channel="web"' });
    expect(order.references).toEqual({ merchantReference: TX, descriptor: 'order-42-abcdef123', merchantParameters: '{"extraData":"basket=7;channel=\\"web\\""}' });
  });

  it('the order reference stays the descriptor (D28); no customer, no shipping: nothing is made up', async () => {
    const order = await sentOrder({ orderId: 'order-42' });
    expect(order).toEqual({ amountOfMoney: { amount: 6_000, currencyCode: 'EUR' }, references: { merchantReference: TX, descriptor: 'order-42-abcdef123' } });
  });

  it("the IP of the payer whose request opens the payment is the customer's device ipAddress, even with nothing else known of the customer", async () => {
    expect((await sentOrder({ orderId: 'order-42', customer: { firstName: 'Jeanne' } }, { ip: '203.0.113.42' })).customer).toEqual({
      personalInformation: { name: { firstName: 'Jeanne' } },
      device: { ipAddress: '203.0.113.42' },
    });
    expect((await sentOrder({ orderId: 'order-42' }, { ip: '2001:db8::42' })).customer).toEqual({ device: { ipAddress: '2001:db8::42' } });
    expect(await sentOrder({ orderId: 'order-42' }, {})).not.toHaveProperty('customer');
  });

  it('the hosted checkout (ANCV on 5403) carries the same customer, payer IP included, and shipping', async () => {
    const r = recorder();
    nock(TEST_BASE).post(`/v2/${MERCHANT}/hostedcheckouts`).reply(r.reply(201, hostedCheckoutAnswer('hc-1', TX)));
    const input = openInput({ orderId: 'order-42', customer: { firstName: 'Jeanne' }, shipping: SHIPPING }, { ...SETTINGS, ancvProductId: 5403 }, 'ancv');
    await driver('ancv').open({ ...input, payerDevice: { ip: '203.0.113.42' } });
    const order = (r.seen[0]!.body as { order: Record<string, unknown> }).order;
    expect(order.customer).toEqual({ personalInformation: { name: { firstName: 'Jeanne' } }, device: { ipAddress: '203.0.113.42' } });
    expect(order.shipping).toBeDefined();
  });
  it('a value cut to its Worldline length never splits a character outside the BMP into a lone surrogate (D54)', async () => {
    const gift = '\u{1F381}';
    const order = await sentOrder({
      orderId: 'order-42',
      customer: { email: 'jeanne@example.com', firstName: `${'J'.repeat(14)}${gift}`, lastName: 'Martin' },
      billing: { ...BILLING, address: `${'r'.repeat(49)}${gift}`, city: `${'P'.repeat(39)}${gift}` },
    });
    expect(LONE_SURROGATE.test(JSON.stringify(order))).toBe(false);
    expect(order.customer).toMatchObject({ personalInformation: { name: { firstName: 'J'.repeat(14) } }, billingAddress: { street: 'r'.repeat(49), city: 'P'.repeat(39) } });
  });
});
