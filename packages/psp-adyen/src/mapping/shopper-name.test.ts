import { shopperNameOf } from './shopper-name';

describe("the shopper's name", () => {
  it("is the customer's first and last name", () => {
    expect(shopperNameOf({ customer: { firstName: 'Ada', lastName: 'Lovelace' }, billing: { firstName: 'Bill', lastName: 'Payer' } })).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
  });

  it("is the billing address's names when the customer does not give both", () => {
    expect(shopperNameOf({ customer: { firstName: 'Ada' }, billing: { firstName: 'Bill', lastName: 'Payer' } })).toEqual({ firstName: 'Bill', lastName: 'Payer' });
    expect(shopperNameOf({ billing: { firstName: ' Bill ', lastName: 'Payer' } })).toEqual({ firstName: 'Bill', lastName: 'Payer' });
  });

  it('is none when neither gives both names (Adyen requires the two)', () => {
    expect(shopperNameOf({ customer: { firstName: 'Ada' }, billing: { lastName: 'Payer' } })).toBeUndefined();
    expect(shopperNameOf({})).toBeUndefined();
  });
});
