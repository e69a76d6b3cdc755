// Completes `tsc -p tsconfig.build.json` (compiled JavaScript under OUT, the repository's layout) into
// something `node OUT/apps/server/src/main.js` runs: each workspace package gets a package.json whose
// main is its compiled index, OUT/node_modules/@splitpay/<name> points at it, files other than
// TypeScript (the demo merchants file...) are copied beside the code, a package's own
// node_modules is linked, and the dashboard's browser code is bundled (a build holds no TypeScript to
// bundle on first request). Libraries resolve from the repository's node_modules, above OUT.
import { createRequire } from 'node:module';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const out = path.resolve(root, process.argv[2] ?? 'dist');

const workspaces = ['packages', 'apps']
  .flatMap((group) => readdirSync(path.join(root, group)).map((name) => path.join(group, name)))
  .filter((dir) => existsSync(path.join(root, dir, 'package.json')) && existsSync(path.join(out, dir)));

/** Every file of `dir` but TypeScript sources, tests and installed modules, copied to the same place under OUT. */
function copyAssets(dir) {
  for (const entry of readdirSync(path.join(root, dir))) {
    const rel = path.join(dir, entry);
    if (entry === 'node_modules' || entry === 'package.json' || entry === 'scripts' || entry === 'test') continue;
    if (statSync(path.join(root, rel)).isDirectory()) copyAssets(rel);
    else if (!entry.endsWith('.ts')) {
      mkdirSync(path.join(out, dir), { recursive: true });
      cpSync(path.join(root, rel), path.join(out, rel));
    }
  }
}

const scope = path.join(out, 'node_modules', '@splitpay');
rmSync(scope, { recursive: true, force: true });
mkdirSync(scope, { recursive: true });
for (const dir of workspaces) {
  const manifest = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
  const { types: _types, devDependencies: _dev, ...rest } = manifest;
  writeFileSync(path.join(out, dir, 'package.json'), `${JSON.stringify({ ...rest, main: String(manifest.main).replace(/\.ts$/, '.js') }, null, 2)}\n`);
  symlinkSync(path.relative(scope, path.join(out, dir)), path.join(scope, manifest.name.replace('@splitpay/', '')), 'dir');
  const own = path.join(root, dir, 'node_modules');
  const linked = path.join(out, dir, 'node_modules');
  if (existsSync(own) && !existsSync(linked)) symlinkSync(own, linked, 'dir');
  copyAssets(dir);
}

// The compiled bundler writes beside itself what it serves in production (PREBUILT_DIR), from the checkout's sources.
const dashboardServer = path.join(out, 'packages/dashboard-web/src/server/dashboard-bundle.js');
const { writeDashboardBundle, PREBUILT_DIR } = createRequire(import.meta.url)(dashboardServer);
await writeDashboardBundle(PREBUILT_DIR, path.join(root, 'packages/dashboard-web/src/browser'));

process.stdout.write(`assembled ${workspaces.length} packages in ${path.relative(root, out) || '.'}\n`);
