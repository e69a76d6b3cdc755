import { contractSettingsProblem, type ContractSettingSpec } from './contract-setting';

/** A lender whose `country` setting is the contract's country, written in ISO codes but for one. */
const SPECS: readonly ContractSettingSpec[] = [
  { name: 'apiKey', type: 'string', required: true, secret: true, description: 'the API key' },
  { name: 'country', type: 'string', required: true, secret: false, nation: { codes: { UK: 'GB' } }, description: 'the partner country' },
];
const problemOf = (country: string, contract?: { id: string; nation?: string }) =>
  contractSettingsProblem('lender', 'oney', SPECS, { apiKey: 'KEY-SECRET', country }, contract);

describe('contractSettingsProblem: a setting declared as the contract nation', () => {
  it('accepts the nation itself, or a provider code mapped to it', () => {
    expect(problemOf('FR', { id: 'l-fr', nation: 'FR' })).toBeUndefined();
    expect(problemOf('UK', { id: 'l-gb', nation: 'GB' })).toBeUndefined();
  });

  it('refuses another country, naming both values and the contract, never a secret', () => {
    const problem = problemOf('UK', { id: 'l-fr', nation: 'FR' });
    expect(problem).toMatch(/^country: "UK" \(GB\) is not the nation "FR" of contract "l-fr": provider "lender"/);
    expect(problem).not.toContain('SECRET');
    expect(problemOf('DE', { id: 'l-fr', nation: 'FR' })).toMatch(/^country: "DE" is not the nation "FR"/);
  });

  it('compares nothing without a nation, or without the contract', () => {
    expect(problemOf('DE', { id: 'l-any' })).toBeUndefined();
    expect(problemOf('DE')).toBeUndefined();
  });
});

describe('contractSettingsProblem: the two halves of a pair', () => {
  const PAIR: readonly ContractSettingSpec[] = [
    { name: 'previousKeyId', type: 'string', required: false, secret: false, requiredWith: 'previousSecret', description: 'the previous key id' },
    { name: 'previousSecret', type: 'string', required: false, secret: true, requiredWith: 'previousKeyId', description: 'the previous key' },
  ];
  const problem = (settings: Record<string, unknown>) => contractSettingsProblem('acquirer', 'wero', PAIR, settings);

  it('takes both or neither', () => {
    expect(problem({})).toBeUndefined();
    expect(problem({ previousKeyId: 'k-1', previousSecret: 'S3CRET' })).toBeUndefined();
  });

  it('refuses one half alone, naming the missing one and never a value', () => {
    expect(problem({ previousKeyId: 'k-1' })).toBe('previousSecret: is required by provider "acquirer" when previousKeyId is given (the previous key)');
    const lone = problem({ previousSecret: 'S3CRET' });
    expect(lone).toBe('previousKeyId: is required by provider "acquirer" when previousSecret is given (the previous key id)');
  });
});
