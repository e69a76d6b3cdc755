import { telephoneNumberOf } from './telephone-number';

describe("the billing phone as Adyen's telephoneNumber", () => {
  it('is the mobile, else the landline', () => {
    expect(telephoneNumberOf({ mobilePhone: '+33612345678', phone: '+33123456789' })).toBe('+33612345678');
    expect(telephoneNumberOf({ phone: '+33123456789' })).toBe('+33123456789');
  });

  it('drops the separators people write, reads "00" as "+" and leaves out a "(0)" trunk prefix', () => {
    expect(telephoneNumberOf({ mobilePhone: '+33 6 12-34.56/78' })).toBe('+33612345678');
    expect(telephoneNumberOf({ mobilePhone: '0033 6 12 34 56 78' })).toBe('+33612345678');
    expect(telephoneNumberOf({ phone: '+44 (0)20 7946 0958' })).toBe('+442079460958');
  });

  it('is none for a number Adyen would not pass on: national, lettered, too short or too long', () => {
    expect(telephoneNumberOf({ mobilePhone: '06 12 34 56 78' })).toBeUndefined();
    expect(telephoneNumberOf({ mobilePhone: '+33 6 CALL ME' })).toBeUndefined();
    expect(telephoneNumberOf({ mobilePhone: '+3312' })).toBeUndefined();
    expect(telephoneNumberOf({ mobilePhone: '+1234567890123456789' })).toBeUndefined();
    expect(telephoneNumberOf(undefined)).toBeUndefined();
  });

  it('falls back to the landline when the mobile is not international', () => {
    expect(telephoneNumberOf({ mobilePhone: '06 12 34 56 78', phone: '+33 1 23 45 67 89' })).toBe('+33123456789');
  });
});
