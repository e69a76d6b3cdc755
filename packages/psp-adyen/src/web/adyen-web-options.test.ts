import { adyenHostedFieldsUrl } from '../settings/adyen-web';
import { adyenWebOptionsOf } from './adyen-web-options';

describe("the adapter's options read from its own URL", () => {
  it('turns analytics on only for the URL the driver gives when the service turned them on; any other URL, or none, is off', () => {
    expect(adyenWebOptionsOf(adyenHostedFieldsUrl('https://pay.example/', true))).toEqual({ analytics: true });
    expect(adyenWebOptionsOf(adyenHostedFieldsUrl('https://pay.example/', false))).toEqual({ analytics: false });
    expect(adyenWebOptionsOf('https://pay.example/psp/adyen/hosted-fields.js?analytics=yes')).toEqual({ analytics: false });
    expect(adyenWebOptionsOf(undefined)).toEqual({ analytics: false });
    expect(adyenWebOptionsOf('not a url')).toEqual({ analytics: false });
  });
});
