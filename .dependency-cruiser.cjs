/**
 * Import rules. The domain and application cores import nothing with I/O and no adapter; each
 * adapter package imports only the cores; only apps/ wires packages together. Rules name package
 * families by pattern (psp-*, store-*) so packages added later are covered without listing them.
 * tools/import-rules proves each rule with an import that breaks it.
 */
const io = '(^|node_modules/)(express|mongodb|axios|winston|jsonwebtoken|ajv|ajv-formats|mingo|uuid|nock|supertest|standardwebhooks|express-rate-limit|fs|node:fs|net|node:net|http|node:http|https|node:https|child_process|node:child_process|dgram|node:dgram)(/|$)';
const nodeCoreForDomain = '^(node:)?(crypto|dns|tls|net|os)$';
const tests = '\\.(test|it)\\.ts$';
/** Tests and a package's test support folder (src/testing/), which production code never imports. */
const testsAndSupport = '\\.(test|it)\\.ts$|/src/testing/';
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
      name: 'domain-imports-no-node-core',
      severity: 'error',
      comment: 'packages/domain, its tests included, reaches no crypto, dns, tls, net or os: randomness, time and the network come in through ports.',
      from: { path: '^packages/domain/src' },
      to: { path: nodeCoreForDomain },
    },
    {
      name: 'domain-imports-no-library',
      severity: 'error',
      comment: 'packages/domain code imports no library at all and no Node core module (dns, tls, os, crypto...): only its own files. Its tests may use test tools.',
      from: { path: '^packages/domain/src', pathNot: tests },
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
      comment: 'packages/application orchestrates through ports: no framework, driver or I/O import. Its tests and their support (src/testing/) may run on real stores.',
      from: { path: '^packages/application/src', pathNot: testsAndSupport },
      to: { path: io },
    },
    {
      name: 'application-imports-only-domain',
      severity: 'error',
      from: { path: '^packages/application/src', pathNot: testsAndSupport },
      to: { path: '^(packages|apps|tools)/(?!(domain|application)/)' },
    },
    {
      name: 'http-api-imports-no-store-or-psp',
      severity: 'error',
      comment: 'The HTTP adapter reaches storage and PSPs only through the ports; apps/server hands it the adapters.',
      from: { path: '^packages/http-api/' },
      to: { path: '^packages/(store|psp)-[^/]+/|(^|node_modules/)(mongodb|mingo)(/|$)' },
    },
    {
      name: 'psp-imports-no-application-http-or-store',
      severity: 'error',
      comment: 'A PSP package (packages/psp-*) implements the domain\'s driver ports: it sees no use case, no HTTP adapter and no store.',
      from: { path: '^packages/psp-[^/]+/' },
      to: { path: '^packages/(application|http-api|store-[^/]+)/' },
    },
    {
      name: 'webhooks-imports-no-mongodb',
      severity: 'error',
      comment: 'Webhook delivery reads and writes through the outbox ports, never the database driver.',
      from: { path: '^packages/webhooks/' },
      to: { path: '(^|node_modules/)mongodb' },
    },
    {
      name: 'only-apps-wire-packages',
      severity: 'error',
      comment: 'An adapter package (any package but domain, application and the store-* family) imports no other adapter package: it implements the cores\' ports, and only apps/ puts adapters together. Its tests and test support (src/testing/) may borrow other packages (a test kit, a real store, the capturing logger). psp-http is shared HTTP plumbing, not an adapter: the next rule keeps it to the PSP packages.',
      from: { path: '^packages/(?!domain/|application/|store-)([^/]+)/', pathNot: testsAndSupport },
      to: { path: '^packages/', pathNot: '^packages/($1|domain|application|psp-http)/' },
    },
    {
      name: 'psp-http-serves-psp-packages-only',
      severity: 'error',
      comment: 'packages/psp-http (the axios client, the transport-failure ack, the cause scrubber) is what every PSP driver shares; no other package has a PSP to call.',
      from: { path: '^packages/(?!psp-)[^/]+/' },
      to: { path: '^packages/psp-http/' },
    },
    {
      name: 'psp-http-imports-only-domain-and-axios',
      severity: 'error',
      comment: 'packages/psp-http stays plumbing: its code imports the domain (DriverAck), axios and Node\'s http/https agents, nothing of any provider or adapter. Its tests may use test tools.',
      from: { path: '^packages/psp-http/src', pathNot: tests },
      to: { pathNot: '^packages/(psp-http|domain)/|(^|node_modules/)axios(/|$)|^(node:)?(http|https)$' },
    },
    {
      name: 'stores-build-only-on-stores',
      severity: 'error',
      comment: 'The store-* packages are one storage family: an in-process store may run another store\'s repositories on its own engine, but imports no other adapter.',
      from: { path: '^packages/store-[^/]+/', pathNot: testsAndSupport },
      to: { path: '^packages/', pathNot: '^packages/(store-[^/]+|domain|application)/' },
    },
    {
      name: 'dashboard-browser-imports-only-itself',
      severity: 'error',
      comment: 'The dashboard\'s browser code (packages/dashboard-web/src/browser) is bundled for the page: it speaks to the service over HTTP only, so it imports no Node module, no library and no other package but the domain\'s types (next rule).',
      from: { path: '^packages/dashboard-web/src/browser/', pathNot: tests },
      to: { pathNot: '^packages/(dashboard-web/src/browser|domain)/' },
    },
    {
      name: 'dashboard-browser-imports-domain-types-only',
      severity: 'error',
      comment: 'The dashboard\'s browser code may name the domain\'s types of what the API answers (import type, erased when bundled), never its code; but for ISO 4217\'s minor units, a table importing nothing that the page needs to read and write amounts as the service does (D106).',
      from: { path: '^packages/dashboard-web/src/browser/', pathNot: tests },
      to: { path: '^packages/domain/', pathNot: '^packages/domain/src/money/iso-4217-minor-units\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'psp-web-imports-only-its-own-browser-code',
      severity: 'error',
      comment: 'A PSP package\'s browser code (packages/psp-*/src/web: its hosted-fields adapter, bundled for the payer\'s page by the service) imports no Node module, no library and no other package: only its own src/web and src/settings (the SDK\'s version and URLs, plain strings shared with its driver).',
      from: { path: '^packages/(psp-[^/]+)/src/web/', pathNot: tests },
      to: { pathNot: '^packages/$1/src/(web|settings)/' },
    },
    {
      name: 'official-psp-sdks-are-test-only',
      severity: 'error',
      comment: 'The PSPs\' official SDKs (Adyen\'s @adyen/api-library, Worldline\'s onlinepayments-sdk-nodejs, PayPal\'s @paypal/paypal-server-sdk) are devDependencies our tests check the drivers against; the drivers speak the APIs over psp-http. No production code imports them, not even their types. Tests and src/testing/ may.',
      from: { pathNot: testsAndSupport },
      to: { path: '(^|node_modules/)(@adyen/api-library|onlinepayments-sdk-nodejs|@paypal/paypal-server-sdk)(/|$)' },
    },
    {
      name: 'packages-do-not-import-apps',
      severity: 'error',
      comment: 'apps/ is the composition root: nothing below it imports it.',
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
