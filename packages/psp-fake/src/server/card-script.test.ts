import { cardBrand, cardDataProblem, cardVerdict } from './card-script';

describe('card script', () => {
  const now = new Date('2030-06-15T00:00:00Z');

  it('scripts the test numbers of docs/decisions.md D20', () => {
    expect(cardVerdict('4111111111111111')).toEqual({ kind: 'authorize-full' });
    expect(cardVerdict('4000000000000002')).toMatchObject({ kind: 'decline', reason: 'bank-refusal' });
    expect(cardVerdict('4000000000009995')).toMatchObject({ kind: 'decline', reason: 'insufficient-funds' });
    expect(cardVerdict('4000000000000069')).toMatchObject({ kind: 'decline', reason: 'expired' });
    expect(cardVerdict('4000000000000010')).toEqual({ kind: 'authorize-half' });
    expect(cardVerdict('4000000000003220')).toEqual({ kind: 'challenge' });
    expect(cardVerdict('5555555555554444')).toEqual({ kind: 'authorize-full' });
  });

  it('places the network by leading digits', () => {
    expect(cardBrand('4111111111111111')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('340000000000009')).toBe('amex');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBeUndefined();
    expect(cardBrand('3530111333300000')).toBeUndefined();
  });

  it('accepts well-formed card data and explains what is wrong otherwise', () => {
    const ok = { number: '4111111111111111', expiry: '06/30', cvc: '737' };
    expect(cardDataProblem(ok, now)).toBeUndefined();
    expect(cardDataProblem({ ...ok, number: '4111111111111112' }, now)).toMatchObject({ reason: 'invalid-card-data' });
    expect(cardDataProblem({ ...ok, number: '41111' }, now)).toMatchObject({ reason: 'invalid-card-data' });
    expect(cardDataProblem({ ...ok, expiry: '6/30' }, now)).toMatchObject({ reason: 'invalid-card-data' });
    expect(cardDataProblem({ ...ok, expiry: '00/30' }, now)).toMatchObject({ reason: 'invalid-card-data' });
    expect(cardDataProblem({ ...ok, cvc: 'abc' }, now)).toMatchObject({ reason: 'invalid-card-data' });
    expect(cardDataProblem({ ...ok, expiry: '05/30' }, now)).toMatchObject({ reason: 'expired' });
    expect(cardDataProblem({ ...ok, expiry: '12/29' }, now)).toMatchObject({ reason: 'expired' });
  });

  it('never puts the number in its explanation', () => {
    const problem = cardDataProblem({ number: '4111111111111112', expiry: '06/30', cvc: '737' }, now);
    expect(problem?.message).not.toContain('4111');
  });
});
