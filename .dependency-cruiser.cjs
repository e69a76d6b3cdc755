/** Import rules: the domain and application cores import nothing with I/O and no adapter. */
const io = '(^|node_modules/)(express|mongodb|axios|winston|jsonwebtoken|ajv|ajv-formats|mingo|uuid|nock|supertest|standardwebhooks|express-rate-limit|fs|node:fs|net|node:net|http|node:http|https|node:https|child_process|node:child_process|dgram|node:dgram)(/|$)';
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'packages/domain holds the rules and ports only: no framework, driver or I/O import.',
      from: { path: '^packages/domain/src' },
      to: { path: io },
    },
    {
      name: 'domain-imports-no-library',
      severity: 'error',
      comment: 'packages/domain code imports no library at all and no Node core module (dns, tls, os, crypto...): only its own files. Its tests may use test tools.',
      from: { path: '^packages/domain/src', pathNot: '\\.(test|it)\\.ts$' },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled', 'npm-no-pkg', 'npm-unknown', 'core', 'unknown'] },
    },
    {
      name: 'domain-imports-no-package',
      severity: 'error',
      comment: 'packages/domain depends on no other workspace package.',
      from: { path: '^packages/domain/src' },
      to: { path: '^(packages|apps|tools)/(?!domain/)' },
    },
    {
      name: 'application-is-pure',
      severity: 'error',
      comment: 'packages/application orchestrates through ports: no framework, driver or I/O import.',
      from: { path: '^packages/application/src', pathNot: '\\.(test|it)\\.ts$' },
      to: { path: io },
    },
    {
      name: 'application-imports-only-domain',
      severity: 'error',
      from: { path: '^packages/application/src', pathNot: '\\.(test|it)\\.ts$' },
      to: { path: '^(packages|apps|tools)/(?!(domain|application)/)' },
    },
    {
      name: 'adapters-do-not-import-apps',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
