import { CARD_CAPS } from '@splitpay/domain/src/testing';
import { FAKE_CAPABILITIES } from './capabilities';

describe('FAKE_CAPABILITIES', () => {
  it("are, for card, the capabilities the tests of every layer use as the fake card driver's", () => {
    expect(CARD_CAPS).toEqual(FAKE_CAPABILITIES.card);
  });
});
