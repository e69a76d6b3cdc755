import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brokenLinks, isExternal, linksOf, REPO_ROOT as ROOT } from '../support/markdown-links';

/** README.md and docs/*.md: what a newcomer reads first. */
const DOCS = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

describe('the README and docs/ stay true to the repository', () => {
  const links = DOCS.flatMap(linksOf);

  it('finds the links it checks (the scanner reads the README)', () => {
    expect(links.filter((link) => link.file === 'README.md' && !isExternal(link.target)).length).toBeGreaterThan(10);
  });

  it('every relative link resolves to a file of the repository, and its anchor to a heading there', () => {
    expect(brokenLinks(links)).toEqual([]);
  });

  it('links nowhere outside the repository (an external address is plain text, a standard named by its number)', () => {
    expect(links.filter((link) => isExternal(link.target)).map(({ file, line, target }) => `${file}:${line} ${target}`)).toEqual([]);
  });

  it('names every environment variable apps/server/src/config.ts reads, and reads every one its settings table lists', () => {
    // config.ts and the reader of the fake PSP's placement it calls.
    const config = ['apps/server/src/config.ts', 'apps/server/src/fake-psp-settings.ts'].map((file) => readFileSync(path.join(ROOT, file), 'utf8')).join('\n');
    const read = new Set(
      [...config.matchAll(/\benv\.([A-Z][A-Z0-9_]+)|\benv\[\s*'([A-Z][A-Z0-9_]+)'\s*\]|\(\s*env\s*,\s*(?:problems\s*,\s*)?'([A-Z][A-Z0-9_]+)'|\bmissing\(\s*'([A-Z][A-Z0-9_]+)'/g)].map(
        (match) => match[1] ?? match[2] ?? match[3] ?? match[4] ?? '',
      ),
    );
    // The scanner finds the settings it must (a helper renamed would otherwise make this test empty).
    for (const name of ['PORT', 'MONGODB_URI', 'SHUTDOWN_GRACE_MS', 'ACCESS_TOKEN_SIGNING_KEY', 'STORE', 'NODE_ENV']) expect(read).toContain(name);

    const docs = DOCS.map((file) => readFileSync(path.join(ROOT, file), 'utf8')).join('\n');
    expect([...read].filter((name) => !new RegExp(`\\b${name}\\b`).test(docs)).sort()).toEqual([]);

    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const settings = readme.slice(readme.indexOf('\n## Settings'), readme.indexOf('\n## ', readme.indexOf('\n## Settings') + 1));
    const listed = [...settings.matchAll(/^\| ([A-Z][A-Z0-9_]+(?:, [A-Z][A-Z0-9_]+)*) \|/gm)].flatMap(([, names = '']) => names.split(', '));
    expect(listed.length).toBeGreaterThan(20);
    expect(listed.filter((name) => !read.has(name))).toEqual([]);
  });
});
