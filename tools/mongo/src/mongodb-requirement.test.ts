import { checkMongoDbRequirement } from './mongodb-requirement';

describe('the MongoDB requirement CI sets', () => {
  it('is not required unless SPLITPAY_REQUIRE_MONGODB is true', () => {
    expect(checkMongoDbRequirement({})).toEqual({ kind: 'not-required' });
    expect(checkMongoDbRequirement({ SPLITPAY_REQUIRE_MONGODB: '1' })).toEqual({ kind: 'not-required' });
  });

  it('is unmet without MONGODB_URI, so the run fails instead of skipping the MongoDB suites', () => {
    const requirement = checkMongoDbRequirement({ SPLITPAY_REQUIRE_MONGODB: 'true' });
    expect(requirement.kind).toBe('unmet');
    expect(requirement.kind === 'unmet' && requirement.why).toMatch(/MONGODB_URI is not set/);
  });

  it('is unmet when the contract suite would skip on the server given', () => {
    const requirement = checkMongoDbRequirement({ SPLITPAY_REQUIRE_MONGODB: 'true', MONGODB_URI: 'mongodb://127.0.0.1:1/' }, 'no server answered');
    expect(requirement.kind === 'unmet' && requirement.why).toMatch(/would skip: no server answered/);
  });

  it('is met with a MONGODB_URI the contract suite runs on', () => {
    expect(checkMongoDbRequirement({ SPLITPAY_REQUIRE_MONGODB: 'true', MONGODB_URI: 'mongodb://127.0.0.1:27017/' })).toEqual({ kind: 'met' });
  });
});
