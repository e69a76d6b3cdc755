import { httpDateMs, retryAfterMs } from './retry-after';

const NOW = Date.UTC(2026, 10, 27, 23, 0, 0);

describe('Retry-After: the wait it asks for, in either form HTTP allows', () => {
  it('reads a number of seconds', () => {
    expect(retryAfterMs('120', NOW)).toBe(120_000);
    expect(retryAfterMs(' 0 ', NOW)).toBe(0);
  });

  it('reads a date as the time left until it', () => {
    expect(retryAfterMs('Fri, 27 Nov 2026 23:15:00 GMT', NOW)).toBe(15 * 60_000);
  });

  it('asks for no wait when the date is already past', () => {
    expect(retryAfterMs('Fri, 27 Nov 2026 22:59:59 GMT', NOW)).toBe(0);
  });

  it('leaves unread what is neither form, and an absent header', () => {
    for (const header of ['soon', '-5', '1.5', '12345678', 'Fri, 27 Nov 2026 23:15:00', '2026-11-27T23:15:00Z', 'Fri, 31 Feb 2026 23:15:00 GMT', 'Fri, 27 Nov 2026 24:00:00 GMT', '']) {
      expect([header, retryAfterMs(header, NOW)]).toEqual([header, undefined]);
    }
    expect(retryAfterMs(null, NOW)).toBeUndefined();
  });
});

describe('httpDateMs: the three HTTP-date forms, all GMT', () => {
  const instant = Date.UTC(1994, 10, 6, 8, 49, 37);

  it('reads the IMF-fixdate, the obsolete RFC 850 and asctime forms as the same instant', () => {
    expect(httpDateMs('Sun, 06 Nov 1994 08:49:37 GMT', NOW)).toBe(instant);
    expect(httpDateMs('Sunday, 06-Nov-94 08:49:37 GMT', NOW)).toBe(instant);
    expect(httpDateMs('Sun Nov  6 08:49:37 1994', NOW)).toBe(instant);
  });

  it('places a two-digit year within 50 years of now, the past century beyond', () => {
    expect(httpDateMs('Friday, 27-Nov-26 23:15:00 GMT', NOW)).toBe(Date.UTC(2026, 10, 27, 23, 15, 0));
    expect(httpDateMs('Friday, 27-Nov-76 23:15:00 GMT', NOW)).toBe(Date.UTC(2076, 10, 27, 23, 15, 0));
    expect(httpDateMs('Sunday, 27-Nov-77 23:15:00 GMT', NOW)).toBe(Date.UTC(1977, 10, 27, 23, 15, 0));
  });
});
