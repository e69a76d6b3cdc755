import { gcsAuthorization, gcsSignature, stringToSign } from './gcs-signature';

// Worldline's official vectors (the Direct Node SDK's v1HMAC tests).
const DATE = 'Fri, 06 Jun 2014 13:39:43 GMT';

describe('GCS v1HMAC', () => {
  it('vector 1: a GET without content type or X-GCS header', () => {
    expect(gcsSignature('6Kj5HT0MQKC6D8eb7W3lTg71kVKVDSt1', { method: 'GET', date: DATE, headers: {}, path: '/v2/9991/tokens/123456789' })).toBe('Y3E5YaU3oQCt4osEotLGb9W0cMclIzlCpvbaD1KhWxE=');
  });

  it('vector 2: a DELETE signs its content type and the X-GCS headers, lower-cased and sorted', () => {
    const request = {
      method: 'DELETE',
      contentType: 'application/json',
      date: DATE,
      headers: { 'X-GCS-ServerMetaInfo': 'processed header value', 'X-GCS-ClientMetaInfo': 'processed header value', 'X-GCS-CustomerHeader': 'processed header value', 'Content-Type': 'application/json' },
      path: '/v2/9991/tokens/123456789',
    };
    expect(stringToSign(request)).toBe(
      'DELETE\napplication/json\nFri, 06 Jun 2014 13:39:43 GMT\nx-gcs-clientmetainfo:processed header value\nx-gcs-customerheader:processed header value\nx-gcs-servermetainfo:processed header value\n/v2/9991/tokens/123456789\n',
    );
    expect(gcsSignature('secretApiKey', request)).toBe('eyLWp/Fa20rXs8UHlhD/13ZuqZkAVMJh9Z71n9TrFxM=');
  });

  it('vector 3: the full header, the base64-looking secret used as a literal string, other headers unsigned', () => {
    const header = gcsAuthorization('5e45c937b9db33ae', 'I42Zf4pVnRdroHfuHnRiJjJ2B6+22h0yQt/R3nZR8Xg=', {
      method: 'GET',
      date: DATE,
      headers: { 'User-Agent': 'splitpay', Date: DATE },
      path: '/v2/1/tokens/123456789',
    });
    expect(header).toBe('GCS v1HMAC:5e45c937b9db33ae:UpOoo/pmmj7tW03IbEcw2WtJURFCKL2/J6hqMc+1h1I=');
  });

  it('folds a multi-line X-GCS value into one line and ignores the content type of a GET', () => {
    const text = stringToSign({ method: 'get', contentType: 'application/json', date: DATE, headers: { 'X-GCS-Idempotence-Key': ' a\r\n   b ' }, path: '/v2/1/payments/2?x=1' });
    expect(text).toBe(`GET\n\n${DATE}\nx-gcs-idempotence-key:a b\n/v2/1/payments/2?x=1\n`);
  });

  it('folds any whitespace after a line break, as the SDK does: form feed, vertical tab, no-break space', () => {
    const text = stringToSign({ method: 'GET', date: DATE, headers: { 'X-GCS-CustomerHeader': 'a\n\f\u00a0b\r\n\vc' }, path: '/v2/1/payments/2' });
    expect(text).toBe(`GET\n\n${DATE}\nx-gcs-customerheader:a b c\n/v2/1/payments/2\n`);
  });
});
