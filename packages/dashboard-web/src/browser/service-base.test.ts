import { serviceBaseOf } from './service-base';

describe('serviceBaseOf', () => {
  it('is the origin when the dashboard is at the root', () => {
    expect(serviceBaseOf({ origin: 'https://pay.example.com', pathname: '/dashboard' })).toBe('https://pay.example.com');
    expect(serviceBaseOf({ origin: 'https://pay.example.com', pathname: '/dashboard/callback' })).toBe('https://pay.example.com');
  });

  it("keeps the path before /dashboard: PUBLIC_BASE_URL's path behind a proxy", () => {
    expect(serviceBaseOf({ origin: 'https://pay.example.com', pathname: '/checkout/dashboard' })).toBe('https://pay.example.com/checkout');
    expect(serviceBaseOf({ origin: 'https://pay.example.com', pathname: '/a/b/dashboard/callback' })).toBe('https://pay.example.com/a/b');
    expect(serviceBaseOf({ origin: 'https://pay.example.com', pathname: '/dashboards/dashboard/' })).toBe('https://pay.example.com/dashboards');
  });
});
