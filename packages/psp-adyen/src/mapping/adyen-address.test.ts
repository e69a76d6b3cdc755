import { adyenAddressOf, adyenDeliveryAddressOf } from './adyen-address';

const PARIS = { firstName: 'Ada', lastName: 'Payer', address: '12 rue de la Paix', postalCode: '75002', city: 'Paris', country: 'FR' as never };

describe("an order address as Adyen's Address", () => {
  it('sends the one street line whole as the street, the house number "N/A" (the order has none apart)', () => {
    expect(adyenAddressOf(PARIS)).toEqual({ street: '12 rue de la Paix', houseNumberOrName: 'N/A', postalCode: '75002', city: 'Paris', country: 'FR' });
  });

  it('fills a missing street, city or postal code with "N/A" and a missing country with "ZZ", as Adyen asks', () => {
    expect(adyenAddressOf({ postalCode: '75002', country: 'FR' as never })).toEqual({ street: 'N/A', houseNumberOrName: 'N/A', postalCode: '75002', city: 'N/A', country: 'FR' });
    expect(adyenAddressOf({ address: ' 12 rue de la Paix ', city: 'Paris' })).toEqual({ street: '12 rue de la Paix', houseNumberOrName: 'N/A', postalCode: 'N/A', city: 'Paris', country: 'ZZ' });
  });

  it('sends none for an address that gives no place (names or phones only), nor for no address', () => {
    expect(adyenAddressOf({ firstName: 'Ada', lastName: 'Payer', phone: '+33123456789', address: '  ' })).toBeUndefined();
    expect(adyenAddressOf(undefined)).toBeUndefined();
  });

  it('drops an address Adyen would refuse: US and Canada need a state the order lacks, a postal code over ten characters', () => {
    expect(adyenAddressOf({ ...PARIS, country: 'US' as never, postalCode: '10001' })).toBeUndefined();
    expect(adyenAddressOf({ ...PARIS, country: 'CA' as never, postalCode: 'H2X 1Y4' })).toBeUndefined();
    expect(adyenAddressOf({ ...PARIS, postalCode: '75002-CEDEX-01' })).toBeUndefined();
    expect(adyenAddressOf({ ...PARIS, country: 'GB' as never, postalCode: 'SW1A 1AA' })).toMatchObject({ postalCode: 'SW1A 1AA', country: 'GB' });
  });

  it("cuts a street or a city at Adyen's 3000 characters", () => {
    const long = 'x'.repeat(3001);
    const address = adyenAddressOf({ ...PARIS, address: long, city: long });
    expect([address?.street.length, address?.city.length]).toEqual([3000, 3000]);
  });
});

describe("the shipping address as Adyen's DeliveryAddress", () => {
  it("adds the recipient's names to the Address", () => {
    expect(adyenDeliveryAddressOf(PARIS)).toEqual({ street: '12 rue de la Paix', houseNumberOrName: 'N/A', postalCode: '75002', city: 'Paris', country: 'FR', firstName: 'Ada', lastName: 'Payer' });
    expect(adyenDeliveryAddressOf({ ...PARIS, firstName: undefined, lastName: undefined })).not.toHaveProperty('firstName');
  });

  it('is dropped as the billing address would be, names or not', () => {
    expect(adyenDeliveryAddressOf({ ...PARIS, country: 'US' as never })).toBeUndefined();
    expect(adyenDeliveryAddressOf({ firstName: 'Ada', lastName: 'Payer' })).toBeUndefined();
  });
});
