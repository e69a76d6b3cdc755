import nock from 'nock';
import { money, type OpenInput } from '@splitpay/domain';
import { isolateNock } from '@splitpay/psp-testkit';
import { createPayPalProvider } from '../provider/paypal.provider';
import { SANDBOX, TestClock, openInput, tokenEndpoint, silentLogger } from '../testing/paypal.fixtures';

isolateNock();

/** A lone surrogate in a body (a character cut in half, no Unicode text): JSON.stringify escapes only those as \uD8xx-\uDFxx. */
const LONE_SURROGATE = /\\u[dD][89a-fA-F][0-9a-fA-F]{2}/;

interface SentOrder {
  purchase_units: Record<string, unknown>[];
  payment_source: { paypal: Record<string, unknown> & { experience_context: Record<string, unknown> } };
}

const FR = 'FR' as never;
const BILLING = { firstName: 'Jeanne', lastName: 'Martin', address: '12 rue de la Paix', postalCode: '75002', city: 'Paris', country: FR, phone: '+33142000000' };
const SHIPPING = { companyName: 'Atelier Martin', firstName: 'Paul', lastName: 'Martin', address: '3 quai des Chartrons', postalCode: '33000', city: 'Bordeaux', country: FR };

/** Opens with `order` and hands back the create-order body PayPal received. */
async function sentOrder(order: OpenInput['order'], amount = money(12_345, 'EUR'), over: Partial<OpenInput> = {}): Promise<SentOrder> {
  tokenEndpoint('tok');
  let sent: SentOrder | undefined;
  nock(SANDBOX)
    .post('/v2/checkout/orders')
    .reply(201, (_uri: string, body: unknown) => {
      sent = body as SentOrder;
      return { id: 'ORD-1', status: 'PAYER_ACTION_REQUIRED', links: [{ href: 'https://www.sandbox.paypal.com/checkoutnow?token=ORD-1', rel: 'payer-action' }] };
    });
  const opened = await createPayPalProvider({ logger: silentLogger, clock: new TestClock(), timeoutMs: 2000 }).drivers[0]!.open(openInput({ amount, order, ...over }));
  expect(opened.ack.outcome).toBe('accepted');
  return sent!;
}

describe('PayPal driver: what the merchant tells about the order reaches the PayPal order', () => {
  afterEach(() => nock.cleanAll());

  it("the customer and the billing address prefill the payer's PayPal login and sign-up (payment_source.paypal)", async () => {
    const body = await sentOrder({ orderId: 'ORDER-42', customer: { email: 'jeanne@example.com', firstName: 'Jeanne', lastName: 'Martin' }, billing: BILLING });
    expect(body.payment_source.paypal).toMatchObject({
      email_address: 'jeanne@example.com',
      name: { given_name: 'Jeanne', surname: 'Martin' },
      address: { address_line_1: '12 rue de la Paix', admin_area_2: 'Paris', postal_code: '75002', country_code: 'FR' },
    });
  });

  it('no customer and no billing address: nothing about the payer is made up', async () => {
    const body = await sentOrder({ orderId: 'ORDER-42' });
    expect(Object.keys(body.payment_source.paypal)).toEqual(['experience_context']);
    expect(body.purchase_units[0]).not.toHaveProperty('supplementary_data');
  });

  it("the IP of the payer whose request creates the order goes to PayPal's risk assessment (supplementary_data.risk.customer)", async () => {
    const body = await sentOrder({ orderId: 'ORDER-42' }, money(12_345, 'EUR'), { payerDevice: { ip: '2001:db8::42' } });
    expect(body.purchase_units[0]?.supplementary_data).toEqual({ risk: { customer: { ip_address: '2001:db8::42' } } });
  });

  it('the shipping address is the address PayPal shows and protects (SET_PROVIDED_ADDRESS), named after its recipient', async () => {
    const body = await sentOrder({ orderId: 'ORDER-42', shipping: SHIPPING });
    expect(body.purchase_units[0]!.shipping).toEqual({
      name: { full_name: 'Paul Martin' },
      address: { address_line_1: '3 quai des Chartrons', admin_area_2: 'Bordeaux', postal_code: '33000', country_code: 'FR' },
    });
    expect(body.payment_source.paypal.experience_context.shipping_preference).toBe('SET_PROVIDED_ADDRESS');
  });

  it('a shipping address without a country cannot be a PayPal address: no shipping, as before', async () => {
    const body = await sentOrder({ orderId: 'ORDER-42', shipping: { ...SHIPPING, country: undefined } });
    expect(body.purchase_units[0]!.shipping).toBeUndefined();
    expect(body.payment_source.paypal.experience_context.shipping_preference).toBe('NO_SHIPPING');
  });

  it('an address PayPal could not accept is not sent: no street or city, or a country whose addresses need a state our orders do not carry', async () => {
    for (const shipping of [{ ...SHIPPING, address: undefined }, { ...SHIPPING, city: ' ' }, { ...SHIPPING, country: 'US' as never }, { ...SHIPPING, country: 'CA' as never }]) {
      const body = await sentOrder({ orderId: 'ORDER-42', shipping, billing: shipping });
      expect(body.purchase_units[0]!.shipping).toBeUndefined();
      expect(body.payment_source.paypal.address).toBeUndefined();
      expect(body.payment_source.paypal.experience_context.shipping_preference).toBe('NO_SHIPPING');
      nock.cleanAll();
    }
  });

  it('an address without a postal code is not sent to a country whose PayPal addresses need one (France, Germany, the United Kingdom...), and is where PayPal has it optional', async () => {
    for (const country of ['FR', 'DE', 'GB', 'NL', 'ES', 'IT']) {
      const shipping = { ...SHIPPING, country: country as never, postalCode: undefined };
      const body = await sentOrder({ orderId: 'ORDER-42', shipping, billing: shipping });
      expect(body.purchase_units[0]!.shipping).toBeUndefined();
      expect(body.payment_source.paypal.address).toBeUndefined();
      expect(body.payment_source.paypal.experience_context.shipping_preference).toBe('NO_SHIPPING');
      nock.cleanAll();
    }
    const optional = { ...SHIPPING, country: 'BE' as never, postalCode: undefined };
    const body = await sentOrder({ orderId: 'ORDER-42', shipping: optional });
    expect(body.purchase_units[0]!.shipping).toEqual({ name: { full_name: 'Paul Martin' }, address: { address_line_1: '3 quai des Chartrons', admin_area_2: 'Bordeaux', country_code: 'BE' } });
  });

  it('an email PayPal would refuse (no @ followed by a domain) is not sent', async () => {
    const body = await sentOrder({ orderId: 'ORDER-42', customer: { email: 'jeanne-at-example', firstName: 'Jeanne' } });
    expect(body.payment_source.paypal.email_address).toBeUndefined();
    expect(body.payment_source.paypal.name).toEqual({ given_name: 'Jeanne' });
  });

  it("fields longer than PayPal's limits are cut to them", async () => {
    const long = 'x'.repeat(400);
    const body = await sentOrder({ orderId: 'ORDER-42', customer: { firstName: long, lastName: long }, shipping: { ...SHIPPING, firstName: long, lastName: undefined, address: long, city: long } });
    const payer = body.payment_source.paypal as unknown as { name: { given_name: string; surname: string } };
    expect(payer.name.given_name).toHaveLength(140);
    expect(payer.name.surname).toHaveLength(140);
    const shipping = body.purchase_units[0]!.shipping as { name: { full_name: string }; address: { address_line_1: string; admin_area_2: string } };
    expect(shipping.name.full_name).toHaveLength(300);
    expect(shipping.address.address_line_1).toHaveLength(300);
    expect(shipping.address.admin_area_2).toHaveLength(120);
  });

  it('the merchant order reference is the invoice id the payer and the merchant see (our per-operation reference: PayPal refuses a repeated invoice id)', async () => {
    const body = await sentOrder({ orderId: 'ORDER-42' });
    expect(body.purchase_units[0]!.invoice_id).toBe('ORDER-42-a1b2c3d4e');
  });

  it('a cart that is this tranche is itemized, with the item total PayPal checks the lines against', async () => {
    const cartItems = [
      { label: 'Vélo de ville', quantity: 1, amount: money(10_000, 'EUR'), detail: { itemId: 'SKU-BIKE', category: 'sport', brand: 'Cyclo', discount: 0, tax: 0, delivery: { type: 'carrier', speed: 'standard' as const, expectedDate: '2026-12-01', expectedDelay: 4, label: 'Colissimo' } } },
      { label: 'Sonnette', quantity: 5, amount: money(2_345, 'EUR') },
    ];
    const whole = await sentOrder({ orderId: 'ORDER-42', cartItems }, money(12_345, 'EUR'));
    expect(whole.purchase_units[0]!.items).toEqual([
      { name: 'Vélo de ville', quantity: '1', unit_amount: { currency_code: 'EUR', value: '100.00' }, sku: 'SKU-BIKE' },
      { name: 'Sonnette', quantity: '5', unit_amount: { currency_code: 'EUR', value: '4.69' } },
    ]);
    expect(whole.purchase_units[0]!.amount).toEqual({ currency_code: 'EUR', value: '123.45', breakdown: { item_total: { currency_code: 'EUR', value: '123.45' } } });
  });

  it('a line whose unit price is no whole number of cents leaves the order unitemized: PayPal prices a line by its unit', async () => {
    const cartItems = [{ label: 'Sonnette', quantity: 7, amount: money(12_345, 'EUR') }];
    const body = await sentOrder({ orderId: 'ORDER-42', cartItems }, money(12_345, 'EUR'));
    expect(body.purchase_units[0]!.items).toBeUndefined();
    expect(body.purchase_units[0]!.amount).toEqual({ currency_code: 'EUR', value: '123.45' });
  });

  it("a quantity over PayPal's ten digits leaves the order unitemized: PayPal refuses the line", async () => {
    const cartItems = [{ label: 'Vis', quantity: 10_000_000_000, amount: money(10_000_000_000, 'EUR') }];
    const body = await sentOrder({ orderId: 'ORDER-42', cartItems }, money(10_000_000_000, 'EUR'));
    expect(body.purchase_units[0]!.items).toBeUndefined();
    const fits = [{ label: 'Vis', quantity: 9_999_999_999, amount: money(9_999_999_999, 'EUR') }];
    const fitting = await sentOrder({ orderId: 'ORDER-42', cartItems: fits }, money(9_999_999_999, 'EUR'));
    expect(fitting.purchase_units[0]!.items).toEqual([{ name: 'Vis', quantity: '9999999999', unit_amount: { currency_code: 'EUR', value: '0.01' } }]);
  });

  it('a tranche of a split order is not itemized: the lines would not add up to it', async () => {
    const cartItems = [{ label: 'Vélo de ville', quantity: 1, amount: money(12_345, 'EUR') }];
    const part = await sentOrder({ orderId: 'ORDER-42', cartItems }, money(5_000, 'EUR'));
    expect(part.purchase_units[0]!.items).toBeUndefined();
    expect(part.purchase_units[0]!.amount).toEqual({ currency_code: 'EUR', value: '50.00' });
  });
  it('a text cut to its PayPal length never splits a character outside the BMP into a lone surrogate (D54)', async () => {
    const gift = '\u{1F381}';
    const cartItems = [{ label: `${'a'.repeat(126)}${gift} de Noël`, quantity: 1, amount: money(12_345, 'EUR'), detail: { itemId: `${'s'.repeat(126)}${gift}`, category: 'sport' as const, brand: 'Cyclo', discount: 0, tax: 0, delivery: { type: 'carrier' as const, speed: 'standard' as const, expectedDate: '2026-12-01', expectedDelay: 4, label: 'Colissimo' } } }];
    const body = await sentOrder({
      orderId: 'ORDER-42',
      cartItems,
      statementDescriptor: `${'B'.repeat(21)}${gift}`,
      customer: { email: 'jeanne@example.com', firstName: `${'J'.repeat(139)}${gift}`, lastName: 'Martin' },
      billing: { ...BILLING, city: `${'P'.repeat(119)}${gift}` },
    });
    expect(LONE_SURROGATE.test(JSON.stringify(body))).toBe(false);
    const item = (body.purchase_units[0]!.items as Record<string, string>[])[0]!;
    expect([item.name, item.sku]).toEqual(['a'.repeat(126), 's'.repeat(126)]);
    expect(body.purchase_units[0]!.soft_descriptor).toBe('B'.repeat(21));
    expect(body.payment_source.paypal).toMatchObject({ name: { given_name: 'J'.repeat(139) }, address: { admin_area_2: 'P'.repeat(119) } });
  });
});
