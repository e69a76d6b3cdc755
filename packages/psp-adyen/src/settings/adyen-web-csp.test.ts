import { adyenWebCspSources } from './adyen-web-csp';

describe("the CSP sources a merchant page adds for Adyen Web 5.68.0", () => {
  it('names checkoutshopper for its files, iframes, BIN lookup and logos, per environment; checkoutanalytics only with analytics on; no CDN origin', () => {
    expect(adyenWebCspSources('test', { threeDS: 'redirect' })).toEqual({
      'script-src': ['https://checkoutshopper-test.adyen.com'],
      'style-src': ['https://checkoutshopper-test.adyen.com'],
      'frame-src': ['https://checkoutshopper-test.adyen.com'],
      'connect-src': ['https://checkoutshopper-test.adyen.com'],
      'img-src': ['https://checkoutshopper-test.adyen.com'],
      'form-action': [],
    });
    expect(adyenWebCspSources('test', { analytics: true })['connect-src']).toEqual(['https://checkoutshopper-test.adyen.com', 'https://checkoutanalytics-test.adyen.com']);
    expect(adyenWebCspSources('live', { analytics: true })['connect-src']).toEqual(['https://checkoutshopper-live.adyen.com', 'https://checkoutanalytics-live.adyen.com']);
    expect(Object.values(adyenWebCspSources('live')).flat().filter((source) => source.includes('cdn'))).toEqual([]);
  });

  it("native 3-D Secure 2 (the contract's default) adds the issuers' access control servers, HTTPS only, to frame-src and form-action, and nothing else", () => {
    const native = adyenWebCspSources('test');
    const redirect = adyenWebCspSources('test', { threeDS: 'redirect' });
    expect(native['frame-src']).toEqual(['https://checkoutshopper-test.adyen.com', 'https:']);
    expect(native['form-action']).toEqual(['https:']);
    expect({ ...native, 'frame-src': redirect['frame-src'], 'form-action': redirect['form-action'] }).toEqual(redirect);
    expect(adyenWebCspSources('test', { threeDS: 'native' })).toEqual(native);
  });
});
