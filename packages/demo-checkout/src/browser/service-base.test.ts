import { serviceBaseOf } from './service-base';

describe('serviceBaseOf (the demo page)', () => {
  it('is the origin when the service is at the root', () => {
    expect(serviceBaseOf({ origin: 'https://pay.example.com', pathname: '/demo' })).toBe('https://pay.example.com');
    expect(serviceBaseOf({ origin: 'https://pay.example.com', pathname: '/demo/' })).toBe('https://pay.example.com');
  });

  it('keeps the path before /demo (PUBLIC_BASE_URL behind a path-stripping proxy)', () => {
    expect(serviceBaseOf({ origin: 'https://pay.example.com', pathname: '/checkout/demo' })).toBe('https://pay.example.com/checkout');
    expect(serviceBaseOf({ origin: 'https://pay.example.com', pathname: '/a/b/demo' })).toBe('https://pay.example.com/a/b');
    expect(serviceBaseOf({ origin: 'https://pay.example.com', pathname: '/demos/demo' })).toBe('https://pay.example.com/demos');
  });
});
