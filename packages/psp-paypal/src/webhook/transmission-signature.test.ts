import { readTransmission, signedString } from './transmission-signature';

describe("PayPal's transmission signature", () => {
  it('signs transmission id, time, our webhook id and the unsigned decimal CRC-32 of the raw body', () => {
    // The CRC of this 54-byte body was computed independently (Python zlib.crc32).
    const body = '{"id":"WH-1","event_type":"PAYMENT.CAPTURE.COMPLETED"}';
    expect(signedString({ id: 'a1b2', time: '2026-11-23T11:00:00Z' }, 'WH-ID', body)).toBe('a1b2|2026-11-23T11:00:00Z|WH-ID|2325436976');
  });

  it('reads the five transmission headers whatever their case; one missing is no transmission', () => {
    const headers = {
      'PAYPAL-TRANSMISSION-ID': 'id',
      'Paypal-Transmission-Time': 'time',
      'paypal-transmission-sig': 'c2ln',
      'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-1',
      'paypal-auth-algo': 'SHA256withRSA',
    };
    expect(readTransmission(headers)).toEqual({ id: 'id', time: 'time', signature: 'c2ln', certUrl: 'https://api.paypal.com/v1/notifications/certs/CERT-1', authAlgo: 'SHA256withRSA' });
    expect(readTransmission({ ...headers, 'paypal-transmission-sig': undefined })).toBeUndefined();
  });
});
