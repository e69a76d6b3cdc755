import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, '../../../..');
const run = promisify(execFile);

/**
 * The README's `npm run build` assembles every package, package.json included, under dist/ in the
 * repository; `npm test` run after it must not see them. Jest's module map would otherwise hold two
 * packages of each name (packages/domain and dist/packages/domain) and every suite importing one by
 * name would fail to run.
 */
describe('npm test after npm run build', () => {
  const built = path.join(ROOT, 'dist', `.test-${randomBytes(6).toString('hex')}`);
  afterAll(() => rm(built, { recursive: true, force: true }));

  it('jest ignores dist/: a suite importing @splitpay/domain by name runs beside a built copy of it', async () => {
    await mkdir(path.join(built, 'packages', 'domain'), { recursive: true });
    await copyFile(path.join(ROOT, 'packages/domain/package.json'), path.join(built, 'packages/domain/package.json'));

    const suite = 'packages/psp-fake/src/driver/capabilities.test.ts';
    const outcome = await run(process.execPath, [path.join(ROOT, 'node_modules/jest/bin/jest.js'), '--ci', '--selectProjects', 'unit', '--runTestsByPath', suite], {
      cwd: ROOT,
      env: process.env,
    }).then(
      ({ stderr }) => ({ code: 0, stderr }),
      (error: { code?: number; stderr?: string }) => ({ code: error.code, stderr: error.stderr ?? '' }),
    );
    expect(outcome.stderr).not.toContain('Haste module naming collision');
    expect(outcome.stderr).toContain(`PASS unit ${suite}`);
    expect(outcome.code).toBe(0);
  });
});
