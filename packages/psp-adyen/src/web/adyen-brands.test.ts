import { CARD_SCHEMES } from '@splitpay/domain';
import { cardSchemeOf } from '../mapping/card-scheme';
import { adyenBrandsOf } from './adyen-brands';

describe("Adyen Web's brand names of our card networks", () => {
  it('names every network the service knows by the brand Adyen reports it under (the inverse of the verdicts mapping)', () => {
    const brands = adyenBrandsOf(CARD_SCHEMES);
    expect(brands).toHaveLength(CARD_SCHEMES.length);
    expect(brands.map(cardSchemeOf)).toEqual([...CARD_SCHEMES]);
  });

  it('keeps the order given and leaves out a name it does not know', () => {
    expect(adyenBrandsOf(['mastercard', 'cb'])).toEqual(['mc', 'cartebancaire']);
    expect(adyenBrandsOf(['visa', 'elo'])).toEqual(['visa']);
  });
});
