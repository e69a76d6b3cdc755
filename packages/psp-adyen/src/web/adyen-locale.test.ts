import { adyenLocaleOf } from './adyen-locale';

describe('adyenLocaleOf', () => {
  it("names Adyen Web's locales language-REGION", () => {
    expect(['en', 'fr', 'fr-be', 'en_GB', 'xx'].map(adyenLocaleOf)).toEqual(['en-US', 'fr-FR', 'fr-BE', 'en-GB', 'en-US']);
  });
});
