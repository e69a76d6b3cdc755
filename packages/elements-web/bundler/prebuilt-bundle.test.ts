import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadBundle, once, writePrebuiltBundle, type BrowserBundle } from './prebuilt-bundle';

describe('a browser bundle, prebuilt or built', () => {
  let root: string;
  let builds: number;
  const bundle: BrowserBundle<'page.js' | 'page.css'> = {
    id: 'page',
    files: ['page.js', 'page.css'],
    build: () => {
      builds += 1;
      return Promise.resolve({ 'page.js': Buffer.from('built script'), 'page.css': Buffer.from('built style') });
    },
  };

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'prebuilt-bundle-'));
    builds = 0;
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('is built from its sources when the prebuilt root holds no directory of its own (npm start)', async () => {
    const bytes = await loadBundle(root, bundle);
    expect({ script: bytes['page.js'].toString(), style: bytes['page.css'].toString(), builds }).toEqual({ script: 'built script', style: 'built style', builds: 1 });
  });

  it('is read, not built, from the files npm run build wrote', async () => {
    await writePrebuiltBundle(root, bundle);
    fs.writeFileSync(path.join(root, 'page', 'page.js'), 'as written');
    const bytes = await loadBundle(root, bundle);
    expect({ script: bytes['page.js'].toString(), style: bytes['page.css'].toString(), builds }).toEqual({ script: 'as written', style: 'built style', builds: 1 });
  });

  it('fails rather than builds when its directory lacks one of its files', async () => {
    fs.mkdirSync(path.join(root, 'page'));
    fs.writeFileSync(path.join(root, 'page', 'page.js'), 'as written');
    await expect(loadBundle(root, bundle)).rejects.toThrow('page.css');
    expect(builds).toBe(0);
  });

  it('is loaded once and shared; a failed load is tried again by the next call', async () => {
    let calls = 0;
    const load = once(() => (++calls === 1 ? Promise.reject(new Error('esbuild failed')) : Promise.resolve(calls)));
    await expect(load()).rejects.toThrow('esbuild failed');
    expect([await load(), await load(), calls]).toEqual([2, 2, 2]);
  });
});
