import { isPayPalCertUrl } from './certificate.source';

describe('where a webhook signing certificate may be fetched from', () => {
  it.each([
    'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77',
    'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77',
    'https://api-m.paypal.com/v1/notifications/certs/CERT-1',
  ])('PayPal host: %s', (url) => {
    expect(isPayPalCertUrl(url)).toBe(true);
  });

  it.each([
    'http://api.paypal.com/v1/notifications/certs/CERT-1',
    'https://api.paypal.com.evil.example/v1/notifications/certs/CERT-1',
    'https://evilpaypal.com/cert.pem',
    'https://attacker.example/paypal.com/cert.pem',
    'https://api.paypal.com:8443/v1/notifications/certs/CERT-1',
    'https://user:pw@api.paypal.com/v1/notifications/certs/CERT-1',
    'file:///etc/ssl/cert.pem',
    'not a url',
  ])('not a PayPal host: %s', (url) => {
    expect(isPayPalCertUrl(url)).toBe(false);
  });
});
