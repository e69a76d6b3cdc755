import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT, ServiceProcess } from '../support/service-process';

jest.setTimeout(240_000);

const run = promisify(execFile);

/**
 * `npm run build` then `npm run start:prod`, as the README gives them: compiled JavaScript run by plain
 * node (no TypeScript loader), the same main as `npm start`. Built here into a directory of its own.
 */
describe('the production build', () => {
  const out = path.join(ROOT, 'dist', `.test-${randomBytes(6).toString('hex')}`);
  let service: ServiceProcess | undefined;
  afterAll(async () => {
    await service?.kill();
    await rm(out, { recursive: true, force: true });
  });

  it('compiles the service and runs it with node alone: it serves, and stops on SIGTERM with exit 0', async () => {
    const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.build).toBe('tsc -p tsconfig.build.json && node apps/server/scripts/assemble-dist.mjs dist');
    expect(scripts['start:prod']).toBe('exec node --enable-source-maps --max-semi-space-size=64 dist/apps/server/src/main.js');
    expect(scripts.start).toBe('exec node --max-semi-space-size=64 --import tsx apps/server/src/main.ts');

    await run(path.join(ROOT, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.build.json', '--outDir', out], { cwd: ROOT });
    await run(process.execPath, ['apps/server/scripts/assemble-dist.mjs', out], { cwd: ROOT });

    // Production safety applies to the compiled service too: the in-memory store only because it is asked for.
    service = new ServiceProcess(process.execPath, ['--enable-source-maps', path.join(out, 'apps/server/src/main.js')], ServiceProcess.env({ NODE_ENV: 'production', STORE: 'embedded', FAKE_PSP: 'on' }));
    const started = await service.line((line) => line.event === 'server.started');
    expect(started).toMatchObject({ store: 'embedded', merchantsFile: path.join(out, 'apps/server/demo-merchants.json') });
    const address = String(started.address);
    expect((await fetch(`${address}/health`)).status).toBe(200);
    const token = await fetch(`${address}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=demo&client_secret=demo-secret',
    });
    expect(token.status).toBe(200);
    // Adyen's hosted-fields adapter is bundled from the checkout's sources (TypeScript is not copied into the build).
    const adapter = await fetch(`${address}/psp/adyen/hosted-fields.js`);
    expect(adapter.status).toBe(200);
    expect(await adapter.text()).toContain('SplitPayHostedFields');

    // Every page and browser asset the service serves answers from the compiled build.
    const served = async (pathname: string, contentType: RegExp): Promise<string> => {
      const response = await fetch(`${address}${pathname}`);
      expect({ pathname, status: response.status, contentType: response.headers.get('content-type') }).toEqual({ pathname, status: 200, contentType: expect.stringMatching(contentType) });
      return response.text();
    };
    const html = /^text\/html/;
    const script = /^(text|application)\/javascript/;
    const css = /^text\/css/;
    const dashboard = await served('/dashboard', html);
    const dashboardAssets = [...dashboard.matchAll(/(?:src|href)="([^"]*\/dashboard\/assets\/[^"]+)"/g)].map((match) => new URL(String(match[1]), address).pathname);
    expect(dashboardAssets.map((asset) => path.extname(asset)).sort()).toEqual(['.css', '.js']);
    for (const asset of dashboardAssets) await served(asset, asset.endsWith('.js') ? script : css);
    await served('/dashboard/callback', html);
    const signIn = new URLSearchParams({
      response_type: 'code',
      client_id: 'dashboard',
      redirect_uri: 'http://localhost:3000/dashboard/callback',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      state: 'production-build',
    });
    expect(await served(`/oauth/authorize?${signIn}`, html)).toContain('<form');
    for (const file of ['splitpay.mjs', 'splitpay.js']) await served(`/elements/sdk/v1/${file}`, script);
    await served('/elements/sdk/v1/splitpay.css', css);
    await served('/demo', html);
    await served('/demo/assets/demo.js', script);
    await served('/demo/assets/demo.css', css);

    service.signal('SIGTERM');
    expect(await service.exited).toEqual({ code: 0, signal: null });
    expect(service.lines.filter((line) => line.event === 'server.stopped')).toHaveLength(1);
  });
});
