// Completes `tsc -p tsconfig.build.json` (compiled JavaScript under OUT, the repository's layout) into
// something `node OUT/apps/server/src/main.js` runs: each workspace package gets a package.json whose
// main is its compiled index, OUT/node_modules/@splitpay/<name> points at it, files other than
// TypeScript (the demo merchants file...) are copied beside the code, a package's own
// node_modules is linked (relatively: OUT sits in the checkout as dist/ does), and every browser bundle
// the service serves is written (a build holds no TypeScript to bundle on first request). Libraries
// resolve from the node_modules above OUT: the checkout's, or a production install laid out the same.
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
  if (existsSync(own)) {
    rmSync(linked, { force: true });
    symlinkSync(path.relative(path.dirname(linked), own), linked, 'dir');
  }
  copyAssets(dir);
}

// The compiled server writes beside itself what it serves in production (its PREBUILT_ROOT), from the checkout's sources.
const bundles = path.join(out, 'apps/server/src/wiring/browser-bundles.js');
const { writeBrowserBundles, PREBUILT_ROOT } = createRequire(import.meta.url)(bundles);
rmSync(PREBUILT_ROOT, { recursive: true, force: true });
await writeBrowserBundles(PREBUILT_ROOT);

process.stdout.write(`assembled ${workspaces.length} packages in ${path.relative(root, out) || '.'}\n`);
