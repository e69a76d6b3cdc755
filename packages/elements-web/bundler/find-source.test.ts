import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findSource } from './find-source';

describe('findSource', () => {
  let root: string;
  let start: string;

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'find-source-'));
    start = path.join(root, 'dist', 'packages', 'web', 'bundler');
    fs.mkdirSync(start, { recursive: true });
  });

  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const write = (file: string): string => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '');
    return file;
  };

  it('finds a source beside the start directory', () => {
    const beside = write(path.join(start, '..', 'src', 'index.ts'));
    write(path.join(root, 'packages', 'web', 'src', 'index.ts'));
    expect(findSource(start, ['../src/index.ts', 'packages/web/src/index.ts'], 'web sources')).toBe(path.resolve(beside));
  });

  it('finds it in the nearest parent that holds one of the candidates', () => {
    const inCheckout = write(path.join(root, 'packages', 'web', 'src', 'index.ts'));
    expect(findSource(start, ['../src/index.ts', 'packages/web/src/index.ts'], 'web sources')).toBe(inCheckout);
  });

  it('fails naming what was looked for, and where from, when no directory up to the root holds it', () => {
    expect(() => findSource(start, ['packages/web/src/index.ts'], 'web sources')).toThrow(
      `web sources not found: looked for packages/web/src/index.ts in ${start} and every directory above it`,
    );
  });
});
