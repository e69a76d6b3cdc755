import nock from 'nock';
import { money, type OpenInput } from '@splitpay/domain';
import { isolateNock } from '@splitpay/psp-testkit';
import { OneyClient } from '../client/oney.client';
import { openInput, PURCHASE_PATH, silentLogger, STAGING_BASE } from '../testing/oney-fixtures';
import { OneyDriver } from './oney.driver';

const driver = new OneyDriver({ client: new OneyClient({ timeoutMs: 2_000 }), logger: silentLogger });

type CartItem = NonNullable<OpenInput['order']['cartItems']>[number];
type DeliveryType = 'storepickup' | 'networkpickup' | 'travelpickup' | 'billingaddress' | 'carrier' | 'edelivery';

const line = (label: string, amount: number, category: string, type: DeliveryType = 'carrier'): CartItem => ({
  label,
  quantity: 1,
  amount: money(amount, 'EUR'),
  detail: { itemId: `sku-${label}`, category, brand: 'Acme', discount: 0, tax: 0, delivery: { type, speed: 'standard', expectedDate: '2030-01-10', expectedDelay: 3, label: 'Colissimo' } },
});

/** The purchase Oney received for an opening of `order` (the fixture's financing order, overridden). */
async function sentPurchase(order: Partial<OpenInput['order']>, amount = 10_000): Promise<{ delivery: Record<string, unknown>; item_list: Record<string, unknown>[] }> {
  return (await sentBody(order, amount)).purchase as { delivery: Record<string, unknown>; item_list: Record<string, unknown>[] };
}

/** The whole body Oney received for an opening of `order`. */
async function sentBody(order: Partial<OpenInput['order']>, amount = 10_000): Promise<{ purchase?: unknown; customer?: Record<string, unknown> }> {
  let seen: { purchase?: unknown; customer?: Record<string, unknown> } = {};
  nock(STAGING_BASE)
    .post(PURCHASE_PATH, (body: { purchase?: unknown; customer?: Record<string, unknown> }) => {
      seen = body;
      return true;
    })
    .reply(200, { returned_url: 'https://oney-staging.example/facilypay/abc' });
  const base = openInput();
  const opened = await driver.open({ ...base, amount: money(amount, 'EUR'), order: { ...base.order, ...order } });
  expect(opened.ack.outcome).toBe('accepted');
  return seen;
}

isolateNock();
afterEach(() => nock.cleanAll());

describe("Oney: the cart's categories and delivery reach the purchase in Oney's codes", () => {
  it("each line's category is Oney's category code", async () => {
    const purchase = await sentPurchase({
      cartItems: [line('Laptop', 4_000, 'computersandsoftware'), line('Jeans', 2_000, 'fashion'), line('Tent', 1_500, 'sport'), line('Bouquet', 1_000, 'giftandflowers'), line('Trip', 1_000, 'travel'), line('Coffee', 500, 'foodanddrink')],
    });
    expect(purchase.item_list.map((l) => [l.label, l.category_code])).toEqual([
      ['Laptop', 8],
      ['Jeans', 13],
      ['Tent', 12],
      ['Bouquet', 7],
      ['Trip', 14],
      ['Coffee', 1],
    ]);
  });

  it("the one line of a tranche carries its main item's category", async () => {
    const purchase = await sentPurchase({ cartItems: [line('Fridge', 8_000, 'appliances'), line('Plant', 2_000, 'homeandgarden')] }, 6_000);
    expect(purchase.item_list).toHaveLength(1);
    expect(purchase.item_list[0]!.category_code).toBe(5);
  });

  it.each([
    ['carrier', 4, 5],
    ['storepickup', 1, 1],
    ['networkpickup', 2, 2],
    ['travelpickup', 3, 3],
    ['edelivery', 5, 6],
    ['billingaddress', 4, 4],
  ] as const)('delivery %s: delivery_mode_code %i, address_type %i', async (type, mode, addressType) => {
    const purchase = await sentPurchase({ cartItems: [line('TV', 10_000, 'electronics', type)] });
    expect(purchase.delivery).toMatchObject({ delivery_mode_code: mode, address_type: addressType });
  });

  it('a delivery at the billing address sends the billing address even when the order has a shipping address', async () => {
    const purchase = await sentPurchase({ cartItems: [line('TV', 10_000, 'electronics', 'billingaddress')] });
    expect(purchase.delivery).toMatchObject({ address_type: 4, recipient: { surname: 'Lovelace', first_name: 'Ada', phone_number: '+33612345678' }, delivery_address: { line1: '1 rue de la Paix', municipality: 'Paris' } });
  });

  it('a street longer than an Oney address line goes on the next lines (38 characters each, split between words), not cut', async () => {
    const street = 'Résidence Les Jardins du Parc, Bâtiment B, Escalier 4, 127 boulevard du Maréchal Leclerc';
    const purchase = await sentPurchase({ shipping: { firstName: 'Paul', lastName: 'Martin', address: street, postalCode: '33000', city: 'Bordeaux', country: 'FR' as never } });
    expect(purchase.delivery.delivery_address).toEqual({
      line1: 'Résidence Les Jardins du Parc,',
      line2: 'Bâtiment B, Escalier 4, 127 boulevard',
      line3: 'du Maréchal Leclerc',
      postal_code: '33000',
      municipality: 'Bordeaux',
      country_code: 'FRA',
    });
  });

  it('a carrier delivery without a shipping address goes to the billing address (address_type 4)', async () => {
    const purchase = await sentPurchase({ shipping: undefined, cartItems: [line('TV', 10_000, 'electronics', 'carrier')] });
    expect(purchase.delivery).toMatchObject({ delivery_mode_code: 4, address_type: 4, delivery_address: { line1: '1 rue de la Paix', country_code: 'FRA' } });
  });
});

describe("Oney: a customer in France's overseas departments is sent as Oney asks (its payment page's special cases)", () => {
  const GUADELOUPE = { title: 'mrs' as const, firstName: 'Ada', lastName: 'Lovelace', address: '1 rue Frébault', postalCode: '97110', city: 'Pointe-à-Pitre', country: 'GP' as never, mobilePhone: '+590 690 12 34 56', phone: '+590590123456' };
  const REUNION = { firstName: 'Paul', lastName: 'Martin', address: '2 rue de Paris', postalCode: '97400', city: 'Saint-Denis', country: 'RE' as never, mobilePhone: '+262692123456' };

  it('the addresses go as France (FRA) and the phones with the French prefix +33 in place of the overseas one', async () => {
    const body = await sentBody({ billing: GUADELOUPE, shipping: REUNION });
    const customer = body.customer as { contact_details: Record<string, unknown>; customer_address: Record<string, unknown> };
    expect(customer.contact_details).toMatchObject({ mobile_phone_number: '+33 690 12 34 56', landline_number: '+33590123456' });
    expect(customer.customer_address).toMatchObject({ postal_code: '97110', municipality: 'Pointe-à-Pitre', country_code: 'FRA' });
    const delivery = (body.purchase as { delivery: { recipient: Record<string, unknown>; delivery_address: Record<string, unknown> } }).delivery;
    expect(delivery.recipient).toMatchObject({ phone_number: '+33692123456' });
    expect(delivery.delivery_address).toMatchObject({ postal_code: '97400', country_code: 'FRA' });
  });

  it('other phones and countries are sent as they were', async () => {
    const body = await sentBody({ billing: { ...GUADELOUPE, country: 'FR' as never, mobilePhone: '+33612345678', phone: '+32 2 123 45 67' } });
    const customer = body.customer as { contact_details: Record<string, unknown>; customer_address: Record<string, unknown> };
    expect(customer.contact_details).toMatchObject({ mobile_phone_number: '+33612345678', landline_number: '+32 2 123 45 67' });
    expect(customer.customer_address).toMatchObject({ country_code: 'FRA' });
  });
});

describe('Oney: the labels the driver sends carry no control character, even of an order stored before creation refused them (D67)', () => {
  const stored = (label: string, amount: number): CartItem => ({ ...line('x', amount, 'sport'), label, detail: { ...line('x', amount, 'sport').detail!, itemId: 'sku-1' } });

  it("each line's label: a control character, a line break or a lone surrogate goes as a space, runs made one", async () => {
    const purchase = await sentPurchase({ cartItems: [stored('Vélo\u0000rouge\u0085', 6_000), stored('Casque\u007F\uD83D', 2_500), stored('Gourde\u2028🚲', 1_500)] });
    expect(purchase.item_list.map((l) => l.label)).toEqual(['Vélo rouge', 'Casque', 'Gourde 🚲']);
  });

  it("the one line of a tranche, built from the order reference and its main item's label", async () => {
    const purchase = await sentPurchase({ orderId: 'order\u000042', cartItems: [stored('Vélo\u0000\nrouge', 8_000), stored('Casque', 2_000)] }, 6_000);
    expect(purchase.item_list.map((l) => l.label)).toEqual(['Part of order order 42: Vélo rouge']);
  });
});

describe('Oney: the address lines the driver cuts carry no control character of an address stored before D67', () => {
  it('a NUL, a DEL, a C1 control or a lone surrogate in the street goes as a space', async () => {
    const body = await sentBody({ billing: { firstName: 'Ada', lastName: 'Lovelace', address: '1 rue\u0000Frébault\u0085bis\u007F\uD83D', postalCode: '75002', city: 'Paris', country: 'FR' as never } });
    const address = (body.customer as { customer_address: Record<string, unknown> }).customer_address;
    expect(address).toMatchObject({ line1: '1 rue Frébault bis' });
  });
});
