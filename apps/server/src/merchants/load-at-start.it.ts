import { execFile } from 'node:child_process';
import path from 'node:path';
import { writeTempMerchantsFile } from '../../test/support/temp-merchants-file';

const ROOT = path.resolve(__dirname, '../../../..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const MAIN = path.join(ROOT, 'apps', 'server', 'src', 'main.ts');

function start(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(TSX, [MAIN], { env: { ...process.env, PORT: '0', PUBLIC_BASE_URL: 'http://localhost', LOG_LEVEL: 'error', ...env }, timeout: 20_000 }, (error, _stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stderr });
    });
    child.stdin?.end();
  });
}

describe('npm start with a bad MERCHANTS_FILE', () => {
  it('stops the start, naming the entry and the field', async () => {
    const entry = { merchantId: 'acme', secret: 'acme-client-secret', webhookAuthorization: 'Bearer acme-webhook', contracts: [], contacts: [{ email: 'ops@acme.test', password: 'ops-password', role: 'owner' }] };
    const file = await writeTempMerchantsFile({ merchants: [entry] });
    const { code, stderr } = await start({ MERCHANTS_FILE: file });
    expect(code).toBe(1);
    expect(stderr).toContain(`splitpay failed to start: MERCHANTS_FILE ${file}: merchants[0] (merchantId "acme"): field contacts[0].role must be one of admin, member`);
    expect(stderr).not.toContain('ops-password');
  });

  it("stops the start on a national Oney contract whose countryCode is another country, naming the merchant, the contract and both values", async () => {
    const settings = { apiKey: 'oney-api-key-SECRET', merchantGuid: 'merchant-guid', pspGuid: 'psp-guid', countryCode: 'FR', environment: 'staging' };
    const entry = { merchantId: 'acme', secret: 'acme-client-secret', webhookAuthorization: 'Bearer acme-webhook', contracts: [{ id: 'oney-es', method: 'oney', provider: 'oney', nation: 'ES', settings }] };
    const file = await writeTempMerchantsFile({ merchants: [entry] });
    const { code, stderr } = await start({ MERCHANTS_FILE: file });
    expect(code).toBe(1);
    expect(stderr).toContain(
      `splitpay failed to start: MERCHANTS_FILE ${file}: merchants[0] (merchantId "acme"): field contracts[0].settings.countryCode: "FR" is not the nation "ES" of contract "oney-es"`,
    );
    expect(stderr).not.toContain('SECRET');
  });
});
