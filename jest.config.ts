import type { Config } from 'jest';

// swc strips types only; `npm run typecheck` (tsc) is the type gate, run first by `npm test`.
const transform: Config['transform'] = {
  '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
};

const shared: Config = {
  testEnvironment: 'node',
  transform,
  moduleFileExtensions: ['ts', 'js', 'json'],
};

const config: Config = {
  globalSetup: '<rootDir>/jest.global-setup.ts',
  // A global option: jest reads no testTimeout from a project, so without this every test had 5 s,
  // which eight suites sharing two cores outrun. Tests wait on conditions, never on this.
  testTimeout: 30000,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/{packages,apps,tools}/*/src/**/*.test.ts'],
    },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/{packages,apps,tools}/*/src/**/*.it.ts', '<rootDir>/{packages,apps,tools}/*/test/**/*.it.ts'],
      testTimeout: 30000,
    },
  ],
};

export default config;
