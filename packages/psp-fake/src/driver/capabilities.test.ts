import { offerCapabilities } from '@splitpay/domain';
import { CARD_CAPS } from '@splitpay/domain/src/testing';
import { createFakeProvider } from '../provider/fake.provider';
import { FAKE_CAPABILITIES } from './capabilities';

describe('FAKE_CAPABILITIES', () => {
  it("are, for card, the capabilities the tests of every layer use as the fake card driver's", () => {
    expect(CARD_CAPS).toEqual(FAKE_CAPABILITIES.card);
  });

  it("snapshot, for Apple Pay, a wallet whose merchant is not validated through the service (no walletSession: the view says 'none')", () => {
    const provider = createFakeProvider({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k', signingSecret: 's' });
    const applepay = provider.drivers.find((d) => d.method === 'applepay');
    expect(applepay && offerCapabilities(applepay, {})).toEqual({ ...FAKE_CAPABILITIES.applepay, merchantValidation: false });
  });
});
