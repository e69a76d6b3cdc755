import type { Config } from 'jest';

// ESM-only packages the tests import (panva's OAuth clients and their jose): jest on Node 20 cannot
// require an ES module, so their files are compiled to CommonJS too, their code otherwise unchanged.
const ESM_ONLY_PACKAGES = ['oauth4webapi', 'openid-client', 'jose'];

// swc strips types only; `npm run typecheck` (tsc) is the type gate, run first by `npm test`.
const transform: Config['transform'] = {
  '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  [`/node_modules/(${ESM_ONLY_PACKAGES.join('|')})/.+\\.js$`]: ['@swc/jest', { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
};

const shared: Config = {
  // Jest's node environment, failing a file that leaves nock's HTTP interceptor installed (it names the file).
  testEnvironment: '<rootDir>/jest.leftover-interceptors.environment.ts',
  transform,
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY_PACKAGES.join('|')})/)`],
  moduleFileExtensions: ['ts', 'js', 'json'],
  // `npm run build` assembles the packages (package.json included) under dist/: out of the module map,
  // or each package name would be found twice and every suite importing one would fail to run.
  modulePathIgnorePatterns: ['<rootDir>/dist/'],
};

/**
 * The service over HTTP on MongoDB (issue 14): these suites run once more, each test service on a
 * fresh database of MONGODB_URI (apps/server/test/support/test-store.ts). Without MONGODB_URI the
 * project is absent, and jest.global-setup.ts says so.
 */
export const SERVICE_SUITES_ON_MONGODB = [
  '<rootDir>/apps/server/test/payer-flow/*.it.ts',
  '<rootDir>/apps/server/test/refunds/*.it.ts',
  '<rootDir>/apps/server/test/webhooks/*.it.ts',
];

const serviceOnMongoDb: Config[] = process.env.MONGODB_URI
  ? [
      {
        ...shared,
        displayName: 'service on MongoDB',
        testMatch: SERVICE_SUITES_ON_MONGODB,
        setupFilesAfterEnv: ['<rootDir>/apps/server/test/support/on-mongodb.setup.ts'],
      },
    ]
  : [];

const config: Config = {
  globalSetup: '<rootDir>/jest.global-setup.ts',
  // A global option: jest reads no testTimeout from a project, so without this every test had 5 s,
  // which eight suites sharing two cores outrun. Tests wait on conditions, never on this.
  testTimeout: 30000,
  // A worker that grew past this after a file is replaced: nock, undici and the browser suites leave
  // memory behind across files, and one worker reached the 4 GB heap limit in a full run.
  workerIdleMemoryLimit: '1GB',
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/{packages,apps,tools}/*/src/**/*.test.ts', '<rootDir>/packages/elements-web/bundler/**/*.test.ts'],
    },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/{packages,apps,tools}/*/src/**/*.it.ts', '<rootDir>/{packages,apps,tools}/*/test/**/*.it.ts'],
    },
    ...serviceOnMongoDb,
  ],
};

export default config;
