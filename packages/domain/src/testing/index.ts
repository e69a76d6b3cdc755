// Test support shared by the tests of every package: import from '@splitpay/domain/src/testing'.
export * from './capabilities.fixture';
export * from './refusal';
export * from './capturing.logger';
export * from './follow-up.fixture';
export * from './counting-merchant-accounts';
