import { parseAllowStandalone } from './allow-standalone';

describe('MONGODB_ALLOW_STANDALONE', () => {
  it('is off unless set to true, and refuses anything but true or false', () => {
    expect(parseAllowStandalone(undefined)).toBe(false);
    expect(parseAllowStandalone('')).toBe(false);
    expect(parseAllowStandalone('false')).toBe(false);
    expect(parseAllowStandalone('true')).toBe(true);
    expect(() => parseAllowStandalone('yes')).toThrow('MONGODB_ALLOW_STANDALONE must be true or false, got yes');
  });
});
