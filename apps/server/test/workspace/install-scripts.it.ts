import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../../..');
const read = (file: string): Record<string, unknown> => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as Record<string, unknown>;

/**
 * npm 11 runs no dependency's install script unless package.json's `allowScripts` allows it, and
 * warns at every install about each one it has no entry for. Each is reviewed once and recorded
 * there (docs/decisions.md D1): a new dependency with an install script fails here until it is.
 */
describe('install scripts of the dependencies', () => {
  it('every locked package with an install script has its allowScripts entry, and every entry a locked package', () => {
    const lock = read('package-lock.json') as { packages: Record<string, { hasInstallScript?: boolean }> };
    const withScripts = new Set(
      Object.entries(lock.packages)
        .filter(([, entry]) => entry.hasInstallScript === true)
        .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length)),
    );
    const allowScripts = (read('package.json').allowScripts ?? {}) as Record<string, boolean>;
    const reviewed = new Set(Object.keys(allowScripts).map((key) => key.replace(/(.)@.*$/, '$1')));
    expect([...withScripts].filter((name) => !reviewed.has(name)).sort()).toEqual([]);
    expect([...reviewed].filter((name) => !withScripts.has(name)).sort()).toEqual([]);
  });

  it('none runs: the platform binaries come as optional dependencies, and the scripts only check or fetch them (or print an advertisement)', () => {
    expect(read('package.json').allowScripts).toEqual({ '@parcel/watcher': false, '@swc/core': false, 'core-js-pure': false, esbuild: false, 'unrs-resolver': false });
  });
});
