import fs from 'fs';
import os from 'os';
import path from 'path';
import { cruise, repoRoot, type Violation } from './depcruise.run';

/** A source file of the fixture tree that makes one import. */
interface ImportCase {
  readonly from: string;
  readonly imports: string;
  /** `import type` (erased when compiled) rather than a runtime import. */
  readonly typeOnly?: boolean;
}

const forbidden: readonly (ImportCase & { rule: string })[] = [
  { rule: 'domain-imports-no-node-core', from: 'packages/domain/src/crypto.rule.ts', imports: 'crypto' },
  { rule: 'domain-imports-no-node-core', from: 'packages/domain/src/dns.rule.ts', imports: 'dns' },
  { rule: 'domain-imports-no-node-core', from: 'packages/domain/src/tls.rule.ts', imports: 'tls' },
  { rule: 'domain-imports-no-node-core', from: 'packages/domain/src/net.rule.ts', imports: 'node:net' },
  { rule: 'domain-imports-no-node-core', from: 'packages/domain/src/os.test.ts', imports: 'os' },
  { rule: 'domain-is-pure', from: 'packages/domain/src/express.rule.ts', imports: 'express' },
  { rule: 'domain-imports-no-package', from: 'packages/domain/src/store.rule.ts', imports: 'packages/store-mongo/src/index.ts' },
  { rule: 'application-imports-only-domain', from: 'packages/application/src/send.use-case.ts', imports: 'packages/webhooks/src/index.ts' },
  { rule: 'application-imports-only-domain', from: 'packages/application/src/testing-like/bench.ts', imports: 'packages/infra/src/index.ts' },
  { rule: 'http-api-imports-no-store-or-psp', from: 'packages/http-api/src/mongo.route.ts', imports: 'packages/store-mongo/src/index.ts' },
  { rule: 'http-api-imports-no-store-or-psp', from: 'packages/http-api/src/embedded.route.test.ts', imports: 'packages/store-embedded/src/index.ts' },
  { rule: 'http-api-imports-no-store-or-psp', from: 'packages/http-api/src/adyen.route.ts', imports: 'packages/psp-adyen/src/index.ts' },
  { rule: 'http-api-imports-no-store-or-psp', from: 'packages/http-api/src/driver.route.ts', imports: 'mongodb' },
  { rule: 'psp-imports-no-application-http-or-store', from: 'packages/psp-adyen/src/card.driver.ts', imports: 'packages/application/src/index.ts' },
  { rule: 'psp-imports-no-application-http-or-store', from: 'packages/psp-paypal/src/wallet.driver.ts', imports: 'packages/http-api/src/index.ts' },
  { rule: 'psp-imports-no-application-http-or-store', from: 'packages/psp-oney/src/instalment.driver.test.ts', imports: 'packages/store-embedded/src/index.ts' },
  { rule: 'psp-imports-no-application-http-or-store', from: 'packages/psp-testkit/src/scenario.ts', imports: 'packages/store-mongo/src/index.ts' },
  { rule: 'webhooks-imports-no-mongodb', from: 'packages/webhooks/src/outbox.reader.ts', imports: 'mongodb' },
  { rule: 'webhooks-imports-no-mongodb', from: 'packages/webhooks/src/outbox.it.ts', imports: 'mongodb' },
  { rule: 'only-apps-wire-packages', from: 'packages/webhooks/src/sender.ts', imports: 'packages/infra/src/index.ts' },
  { rule: 'only-apps-wire-packages', from: 'packages/psp-worldline/src/redirect.driver.ts', imports: 'packages/psp-fake/src/index.ts' },
  { rule: 'only-apps-wire-packages', from: 'packages/psp-adyen/src/notification.reader.ts', imports: 'packages/psp-testkit/src/index.ts' },
  { rule: 'only-apps-wire-packages', from: 'packages/elements-web/src/card.element.ts', imports: 'packages/http-api/src/index.ts' },
  { rule: 'only-apps-wire-packages', from: 'packages/dashboard/src/sessions.page.ts', imports: 'packages/webhooks/src/index.ts' },
  { rule: 'only-apps-wire-packages', from: 'packages/infra/src/logger.ts', imports: 'packages/store-mongo/src/index.ts' },
  { rule: 'only-apps-wire-packages', from: 'packages/psp-oney/src/lender.client.ts', imports: 'packages/psp-paypal/src/index.ts' },
  { rule: 'psp-http-serves-psp-packages-only', from: 'packages/http-api/src/psp.route.ts', imports: 'packages/psp-http/src/index.ts' },
  { rule: 'psp-http-serves-psp-packages-only', from: 'packages/webhooks/src/sender.client.ts', imports: 'packages/psp-http/src/index.ts' },
  { rule: 'psp-http-imports-only-domain-and-axios', from: 'packages/psp-http/src/express.client.ts', imports: 'express' },
  { rule: 'psp-http-imports-only-domain-and-axios', from: 'packages/psp-http/src/adyen.cause.ts', imports: 'packages/psp-adyen/src/index.ts' },
  { rule: 'psp-http-imports-only-domain-and-axios', from: 'packages/psp-http/src/tls.agent.ts', imports: 'node:tls' },
  { rule: 'official-psp-sdks-are-test-only', from: 'packages/psp-adyen/src/driver/sdk.driver.ts', imports: '@adyen/api-library' },
  { rule: 'official-psp-sdks-are-test-only', from: 'packages/psp-adyen/src/mapping/sdk-types.ts', imports: '@adyen/api-library', typeOnly: true },
  { rule: 'stores-build-only-on-stores', from: 'packages/store-embedded/src/engine.ts', imports: 'packages/infra/src/index.ts' },
  { rule: 'packages-do-not-import-apps', from: 'packages/psp-adyen/src/wiring.ts', imports: 'apps/server/src/index.ts' },
  { rule: 'dashboard-browser-imports-only-itself', from: 'packages/dashboard-web/src/browser/session.view.ts', imports: 'node:crypto' },
  { rule: 'dashboard-browser-imports-domain-types-only', from: 'packages/dashboard-web/src/browser/payments.view.ts', imports: 'packages/domain/src/money.ts' },
  { rule: 'dashboard-browser-imports-only-itself', from: 'packages/dashboard-web/src/browser/webhooks.view.ts', imports: 'packages/webhooks/src/index.ts', typeOnly: true },
  { rule: 'dashboard-browser-imports-only-itself', from: 'packages/dashboard-web/src/browser/app.ts', imports: 'express' },
  { rule: 'psp-web-imports-only-its-own-browser-code', from: 'packages/psp-adyen/src/web/hosted-fields.adapter.ts', imports: 'node:crypto' },
  { rule: 'psp-web-imports-only-its-own-browser-code', from: 'packages/psp-adyen/src/web/hosted-fields.entry.ts', imports: 'packages/psp-adyen/src/client/adyen.client.ts' },
  { rule: 'psp-web-imports-only-its-own-browser-code', from: 'packages/psp-adyen/src/web/card.view.ts', imports: 'packages/psp-worldline/src/settings/worldline.settings.ts' },
  { rule: 'psp-web-imports-only-its-own-browser-code', from: 'packages/psp-adyen/src/web/loader.ts', imports: 'esbuild' },
  { rule: 'official-psp-sdks-are-test-only', from: 'packages/psp-worldline/src/client/sdk.client.ts', imports: 'onlinepayments-sdk-nodejs' },
  { rule: 'official-psp-sdks-are-test-only', from: 'packages/psp-paypal/src/api/order.model.ts', imports: '@paypal/paypal-server-sdk', typeOnly: true },
  { rule: 'official-psp-sdks-are-test-only', from: 'apps/server/src/paypal.wiring.ts', imports: '@paypal/paypal-server-sdk' },
];

const allowed: readonly ImportCase[] = [
  { from: 'packages/domain/src/pure.rule.ts', imports: 'packages/domain/src/money.ts' },
  { from: 'packages/application/src/open.use-case.ts', imports: 'packages/domain/src/money.ts' },
  { from: 'packages/application/src/testing/bench.ts', imports: 'packages/store-embedded/src/index.ts' },
  { from: 'packages/http-api/src/session.route.ts', imports: 'packages/application/src/index.ts' },
  { from: 'packages/psp-adyen/src/session.driver.ts', imports: 'packages/domain/src/money.ts' },
  { from: 'packages/psp-adyen/src/session.driver.test.ts', imports: 'packages/psp-testkit/src/index.ts' },
  { from: 'packages/psp-testkit/src/index.ts', imports: 'nock' },
  { from: 'packages/psp-worldline/src/client/worldline.client.ts', imports: 'packages/psp-http/src/index.ts' },
  { from: 'packages/psp-http/src/psp-http.client.ts', imports: 'axios' },
  { from: 'packages/psp-http/src/keep-alive.ts', imports: 'node:https' },
  { from: 'packages/psp-http/src/psp-ack.ts', imports: 'packages/domain/src/money.ts' },
  { from: 'packages/psp-http/src/psp-http.client.it.ts', imports: 'nock' },
  { from: 'packages/psp-adyen/src/testing/adyen.harness.ts', imports: 'packages/infra/src/index.ts' },
  { from: 'packages/psp-adyen/src/conformance/sdk.official.test.ts', imports: '@adyen/api-library' },
  { from: 'packages/psp-adyen/src/testing/official-model.ts', imports: '@adyen/api-library' },
  { from: 'packages/store-embedded/src/repositories.ts', imports: 'packages/store-mongo/src/index.ts' },
  { from: 'packages/store-mongo/src/index.ts', imports: 'packages/application/src/index.ts' },
  { from: 'packages/webhooks/src/index.ts', imports: 'packages/domain/src/money.ts' },
  { from: 'apps/server/src/index.ts', imports: 'packages/psp-adyen/src/index.ts' },
  { from: 'apps/server/src/wiring.ts', imports: 'packages/store-mongo/src/index.ts' },
  { from: 'packages/dashboard-web/src/browser/main.ts', imports: 'packages/dashboard-web/src/browser/app.ts' },
  { from: 'packages/dashboard-web/src/browser/chargebacks.view.ts', imports: 'packages/domain/src/money.ts', typeOnly: true },
  { from: 'packages/dashboard-web/src/server/dashboard.router.ts', imports: 'express' },
  { from: 'packages/psp-adyen/src/web/adapter.ts', imports: 'packages/psp-adyen/src/settings/adyen-web.ts' },
  { from: 'packages/psp-adyen/src/web/adapter.test.ts', imports: 'jsdom' },
  // psp-web-imports-only-its-own-browser-code binds src/web only: the package's server side (its provider plug) may import a library.
  { from: 'packages/psp-adyen/src/adyen.plugin.ts', imports: 'esbuild' },
  { from: 'packages/psp-worldline/src/official-sdk/requests.sdk.test.ts', imports: 'onlinepayments-sdk-nodejs' },
  { from: 'packages/psp-paypal/src/testing/paypal-sdk.ts', imports: '@paypal/paypal-server-sdk' },
  { from: 'packages/psp-paypal/src/official-sdk/answers.sdk.it.ts', imports: '@paypal/paypal-server-sdk', typeOnly: true },
];

function importPath(from: string, target: string): string {
  if (!/^(packages|apps)\//.test(target)) return target;
  const relative = path.relative(path.dirname(from), target).replace(/\.ts$/, '');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/** Writes a small tree shaped like the repository, each case a file making its one import. */
function writeFixtureTree(root: string, cases: readonly ImportCase[]): void {
  const write = (file: string, text: string): void => {
    const full = path.join(root, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    if (!fs.existsSync(full) || text) fs.writeFileSync(full, text, { flag: 'a' });
  };
  for (const c of cases) {
    if (/^(packages|apps)\//.test(c.imports)) write(c.imports, '');
  }
  cases.forEach((c, index) =>
    write(
      c.from,
      c.typeOnly
        ? `import type * as imported${index} from '${importPath(c.from, c.imports)}';\nexport type Uses${index} = typeof imported${index};\n`
        : `import * as imported${index} from '${importPath(c.from, c.imports)}';\nexport const uses${index} = imported${index};\n`,
    ),
  );
  fs.writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'node16', moduleResolution: 'node16' } }));
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
}

describe('import rules (.dependency-cruiser.cjs)', () => {
  let root: string;
  let violations: Violation[];

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'import-rules-'));
    writeFixtureTree(root, [...forbidden, ...allowed]);
    violations = cruise(root, ['packages', 'apps']).violations;
  });

  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it.each(forbidden.map((c) => [c.rule, c.from, c.imports]))('%s: %s may not import %s', (rule, from, imports) => {
    const named = violations.filter((v) => v.from === from && v.rule === rule);
    expect(named).toHaveLength(1);
    expect(named[0]?.to).toContain(imports.startsWith('packages') || imports.startsWith('apps') ? imports : imports.replace(/^node:/, ''));
  });

  it.each(allowed.map((c) => [c.from, c.imports]))('%s may import %s', (from) => {
    expect(violations.filter((v) => v.from === from)).toEqual([]);
  });

  it('the repository itself breaks no rule', () => {
    const result = cruise(repoRoot, ['packages', 'apps', 'tools']);
    expect(result.violations).toEqual([]);
    expect(result.errors).toBe(0);
  });
});
