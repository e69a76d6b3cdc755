import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, symlinkSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT, ServiceProcess } from '../support/service-process';

jest.setTimeout(240_000);

const run = promisify(execFile);

/**
 * What the README's production section says a deployment holds, laid out in `dir` as in the checkout:
 * the build (`out`) and the production libraries (node_modules at the top and the workspaces' own).
 * The libraries are linked from the checkout's, all but the workspace packages (a production install
 * links them to directories holding only their package.json) and esbuild: a build bundles nothing.
 */
function deployment(out: string, dir: string): string {
  const build = path.join(dir, path.relative(ROOT, out));
  cpSync(out, build, { recursive: true, verbatimSymlinks: true });
  mkdirSync(path.join(dir, 'node_modules'));
  for (const name of readdirSync(path.join(ROOT, 'node_modules'))) {
    if (['@splitpay', '.bin', 'esbuild', '@esbuild'].includes(name)) continue;
    symlinkSync(path.join(ROOT, 'node_modules', name), path.join(dir, 'node_modules', name));
  }
  for (const group of ['packages', 'apps']) {
    for (const name of readdirSync(path.join(ROOT, group))) {
      const own = path.join(ROOT, group, name, 'node_modules');
      if (!existsSync(own)) continue;
      mkdirSync(path.join(dir, group, name), { recursive: true });
      symlinkSync(own, path.join(dir, group, name, 'node_modules'));
    }
  }
  return build;
}

/** The links of the tree under `dir` whose target is an absolute path (a copy keeps them pointing at the original place). */
function absoluteLinks(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isSymbolicLink())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((link) => path.isAbsolute(readlinkSync(link)));
}

const sha = (algorithm: 'sha256' | 'sha384', body: Buffer, encoding: 'base64' | 'base64url'): string => createHash(algorithm).update(body).digest(encoding);

/**
 * `npm run build` then `npm run start:prod`, as the README gives them: compiled JavaScript run by plain
 * node (no TypeScript loader), the same main as `npm start`. Built here into a directory of its own,
 * then run from a copy away from the checkout (no TypeScript sources above it), as in a container image.
 */
describe('the production build', () => {
  const out = path.join(ROOT, 'dist', `.test-${randomBytes(6).toString('hex')}`);
  const away = mkdtempSync(path.join(os.tmpdir(), 'splitpay-deployment-'));
  let service: ServiceProcess | undefined;
  afterAll(async () => {
    await service?.kill();
    await rm(out, { recursive: true, force: true });
    await rm(away, { recursive: true, force: true });
  });

  it('compiles the service and runs it with node alone: it serves, and stops on SIGTERM with exit 0', async () => {
    const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.build).toBe('tsc -p tsconfig.build.json && node apps/server/scripts/assemble-dist.mjs dist');
    expect(scripts['start:prod']).toBe('exec node --enable-source-maps --max-semi-space-size=64 dist/apps/server/src/main.js');
    expect(scripts.start).toBe('exec node --max-semi-space-size=64 --import tsx apps/server/src/main.ts');

    await run(path.join(ROOT, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.build.json', '--outDir', out], { cwd: ROOT });
    await run(process.execPath, ['apps/server/scripts/assemble-dist.mjs', out], { cwd: ROOT });
    // A build links only within itself or to the libraries beside it, wherever it is copied.
    expect(absoluteLinks(out)).toEqual([]);
    const build = deployment(out, away);

    // Production safety applies to the compiled service too: the in-memory store only because it is asked for.
    service = new ServiceProcess(process.execPath, ['--enable-source-maps', path.join(build, 'apps/server/src/main.js')], ServiceProcess.env({ NODE_ENV: 'production', STORE: 'embedded', FAKE_PSP: 'on' }), away);
    const started = await service.line((line) => line.event === 'server.started');
    expect(started).toMatchObject({ store: 'embedded', merchantsFile: path.join(build, 'apps/server/demo-merchants.json') });
    const address = String(started.address);
    expect((await fetch(`${address}/health`)).status).toBe(200);
    const token = await fetch(`${address}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=demo&client_secret=demo-secret',
    });
    expect(token.status).toBe(200);

    // Every page and browser asset the service serves answers from the build alone; each file's ETag is the hash of what it serves.
    const served = async (pathname: string, contentType: RegExp): Promise<Buffer> => {
      const response = await fetch(`${address}${pathname}`);
      const body = Buffer.from(await response.arrayBuffer());
      const etag = response.headers.get('etag');
      expect({ pathname, status: response.status, contentType: response.headers.get('content-type'), etag }).toEqual({
        pathname,
        status: 200,
        contentType: expect.stringMatching(contentType),
        etag: etag === null ? null : `"${sha('sha256', body, 'base64url')}"`,
      });
      return body;
    };
    const html = /^text\/html/;
    const script = /^(text|application)\/javascript/;
    const css = /^text\/css/;
    const dashboard = (await served('/dashboard', html)).toString('utf8');
    // The page pins its script and style sheet by integrity: what is served is what it pins.
    const dashboardAssets = [...dashboard.matchAll(/(?:src|href)="([^"]*\/dashboard\/assets\/[^"]+)" integrity="([^"]+)"/g)].map((match) => ({ pathname: new URL(String(match[1]), address).pathname, integrity: String(match[2]) }));
    expect(dashboardAssets.map((asset) => path.extname(asset.pathname)).sort()).toEqual(['.css', '.js']);
    for (const asset of dashboardAssets) {
      const body = await served(asset.pathname, asset.pathname.endsWith('.js') ? script : css);
      expect(`sha384-${sha('sha384', body, 'base64')}`).toBe(asset.integrity);
    }
    await served('/dashboard/callback', html);
    const signIn = new URLSearchParams({
      response_type: 'code',
      client_id: 'dashboard',
      redirect_uri: 'http://localhost:3000/dashboard/callback',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      state: 'production-build',
    });
    expect((await served(`/oauth/authorize?${signIn}`, html)).toString('utf8')).toContain('<form');
    for (const file of ['splitpay.mjs', 'splitpay.js']) await served(`/elements/sdk/v1/${file}`, script);
    await served('/elements/sdk/v1/splitpay.css', css);
    await served('/demo', html);
    await served('/demo/assets/demo.js', script);
    await served('/demo/assets/demo.css', css);
    expect((await served('/psp/adyen/hosted-fields.js', script)).toString('utf8')).toContain('SplitPayHostedFields');

    service.signal('SIGTERM');
    expect(await service.exited).toEqual({ code: 0, signal: null });
    expect(service.lines.filter((line) => line.event === 'server.stopped')).toHaveLength(1);
  });
});
