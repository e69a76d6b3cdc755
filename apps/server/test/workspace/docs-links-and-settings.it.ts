import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../../..');

/** README.md and docs/*.md: what a newcomer reads first. */
const DOCS = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

interface Link {
  readonly file: string;
  readonly line: number;
  readonly target: string;
}

/** The lines of a markdown text outside fenced code blocks, with inline code spans blanked. */
function proseLines(text: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  let fence: string | undefined;
  text.split('\n').forEach((raw, index) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(raw)?.[1]?.charAt(0);
    if (marker !== undefined) {
      if (fence === undefined) fence = marker;
      else if (marker === fence) fence = undefined;
      return;
    }
    if (fence === undefined) out.push({ line: index + 1, text: raw.replace(/(`+)[^`]*?\1/g, '') });
  });
  return out;
}

/** Every link a markdown renderer makes: [text](target), ![alt](target), [ref]: target, <scheme:...>, href/src, and bare URLs (autolinked). */
function linksOf(file: string): Link[] {
  const links: Link[] = [];
  for (const { line, text } of proseLines(readFileSync(path.join(ROOT, file), 'utf8'))) {
    const patterns = [
      /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g,
      /^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/g,
      /<((?:https?|ftp|mailto):[^>\s]+)>/g,
      /\b(?:href|src)="([^"]+)"/g,
      /(?<![(<"\w/])((?:https?:\/\/|www\.)[^\s)>\]]+)/g,
    ];
    const seen = new Set<string>();
    for (const pattern of patterns) {
      for (const [, target] of text.matchAll(pattern)) {
        if (target === undefined || seen.has(target)) continue;
        seen.add(target);
        links.push({ file, line, target });
      }
    }
  }
  return links;
}

/** GitHub's anchors of a markdown file: each heading's slug (repeats numbered), and explicit ids. */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const counts = new Map<string, number>();
  for (const { text } of proseLines(readFileSync(file, 'utf8'))) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text)?.[1];
    if (heading === undefined) continue;
    const slug = heading
      .toLowerCase()
      .replace(/<[^>]+>/g, '')
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const seen = counts.get(slug) ?? 0;
    counts.set(slug, seen + 1);
    anchors.add(seen === 0 ? slug : `${slug}-${seen}`);
  }
  for (const [, id] of readFileSync(file, 'utf8').matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) if (id !== undefined) anchors.add(id);
  return anchors;
}

const isExternal = (target: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//') || target.startsWith('www.');

describe('the README and docs/ stay true to the repository', () => {
  const links = DOCS.flatMap(linksOf);

  it('finds the links it checks (the scanner reads the README)', () => {
    expect(links.filter((link) => link.file === 'README.md' && !isExternal(link.target)).length).toBeGreaterThan(10);
  });

  it('every relative link resolves to a file of the repository, and its anchor to a heading there', () => {
    const broken: string[] = [];
    for (const { file, line, target } of links.filter((link) => !isExternal(link.target))) {
      const [pathPart = '', anchor] = target.split('#', 2);
      const resolved = pathPart === '' ? path.join(ROOT, file) : path.resolve(path.dirname(path.join(ROOT, file)), decodeURIComponent(pathPart));
      const where = `${file}:${line} ${target}`;
      if (!resolved.startsWith(`${ROOT}${path.sep}`) || !existsSync(resolved)) broken.push(`${where}: no such file in the repository`);
      else if (anchor !== undefined && (!statSync(resolved).isFile() || !resolved.endsWith('.md') || !anchorsOf(resolved).has(anchor))) broken.push(`${where}: no such anchor`);
    }
    expect(broken).toEqual([]);
  });

  it('links nowhere outside the repository (an external address is plain text, a standard named by its number)', () => {
    expect(links.filter((link) => isExternal(link.target)).map(({ file, line, target }) => `${file}:${line} ${target}`)).toEqual([]);
  });

  it('names every environment variable apps/server/src/config.ts reads, and reads every one its settings table lists', () => {
    const config = readFileSync(path.join(ROOT, 'apps/server/src/config.ts'), 'utf8');
    const read = new Set(
      [...config.matchAll(/\benv\.([A-Z][A-Z0-9_]+)|\benv\[\s*'([A-Z][A-Z0-9_]+)'\s*\]|\(\s*env\s*,\s*'([A-Z][A-Z0-9_]+)'|\bmissing\(\s*'([A-Z][A-Z0-9_]+)'/g)].map(
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
