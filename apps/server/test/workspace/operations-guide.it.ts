import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { PromMetrics } from '@splitpay/infra';
import { counterCatalog } from '../../src/wiring/metrics';
import { brokenLinks, isExternal, linksOf, REPO_ROOT } from '../support/markdown-links';

const GUIDE = 'docs/operations.md';
type Level = 'debug' | 'info' | 'warn' | 'error';

/** Production sources: packages/[name]/src and apps/server/src, without tests and test kits (src/testing). */
function productionSources(): string[] {
  const roots = [...readdirSync(path.join(REPO_ROOT, 'packages')).map((name) => `packages/${name}/src`), 'apps/server/src'];
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(path.join(REPO_ROOT, dir))) {
      const file = `${dir}/${name}`;
      if (statSync(path.join(REPO_ROOT, file)).isDirectory()) {
        if (name !== 'testing' && name !== 'node_modules') walk(file);
      } else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.it.ts') && !name.endsWith('.d.ts')) files.push(file);
    }
  };
  for (const root of roots) if (statSync(path.join(REPO_ROOT, root), { throwIfNoEntry: false })?.isDirectory()) walk(root);
  return files;
}

/**
 * Calls that log an event whose name is not written at the call: each forwards names written
 * elsewhere, which `forwardedEvents` finds. A new one fails the test until it is taught here.
 */
const FORWARDERS: Readonly<Record<string, number>> = {
  // ThrottledWarning writes the `event` and `recoveredEvent` its constructions give it.
  'packages/http-api/src/app/throttled-warning.ts': 2,
  // The demo shop's onError: the names the demo routes hand it.
  'apps/server/src/wiring/demo.ts': 1,
};

function forwardedEvents(file: string, text: string): { level: Level; event: string }[] {
  const found: { level: Level; event: string }[] = [];
  for (const [construction = ''] of text.matchAll(/new ThrottledWarning\(\{[\s\S]*?\}\)/g)) {
    for (const [, event] of construction.matchAll(/\b(?:event|recoveredEvent):\s*'([^']+)'/g)) if (event) found.push({ level: 'warn', event });
  }
  if (file.startsWith('packages/demo-checkout/src/')) for (const [, event] of text.matchAll(/\bonError\?\.\(\s*'([^']+)'/g)) if (event) found.push({ level: 'warn', event });
  return found;
}

/** Every event production code logs, with the levels it is logged at; and the calls whose event name is not literal. */
function loggedEvents(): { events: Map<string, Set<Level>>; unnamedCalls: Map<string, number> } {
  const events = new Map<string, Set<Level>>();
  const unnamedCalls = new Map<string, number>();
  const add = (event: string, level: Level) => events.set(event, (events.get(event) ?? new Set()).add(level));
  for (const file of productionSources()) {
    const text = readFileSync(path.join(REPO_ROOT, file), 'utf8');
    // Any receiver (`logger`, `deps.logger?`, another name): a literal event name is dotted.
    for (const [, level, , event] of text.matchAll(/\.(debug|info|warn|error)\(\s*(['"`])([a-z][\w-]*(?:\.[\w-]+)+)\2/g)) add(event as string, level as Level);
    for (const { level, event } of forwardedEvents(file, text)) add(event, level);
    const unnamed = [...text.matchAll(/\blogger\??\.(?:warn|error)\(\s*(?!['"`])/g)].length;
    if (unnamed > 0) unnamedCalls.set(file, unnamed);
  }
  return { events, unnamedCalls };
}

/** The guide's text between the heading `## title` and the next `## ` heading. */
function section(text: string, title: string): string {
  const start = text.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`${GUIDE} has no section "## ${title}"`);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

/** The events the guide's tables name (each name of a row's first cell), with the levels of its second cell. */
function documentedEvents(text: string): Map<string, Set<string>> {
  const rows = new Map<string, Set<string>>();
  for (const [, names = '', levels = ''] of section(text, 'Log lines').matchAll(/^\|\s*((?:`[^`|]+`(?:,\s*)?)+)\s*\|\s*([a-z, ]+?)\s*\|/gm)) {
    for (const [, name] of names.matchAll(/`([^`]+)`/g)) {
      if (name === undefined) continue;
      if (rows.has(name)) throw new Error(`${GUIDE} lists ${name} twice`);
      rows.set(name, new Set(levels.split(/,\s*/)));
    }
  }
  return rows;
}

/** Every series name /metrics can show: the catalog's counters, the histograms' series, Node's process metrics. */
async function exposedMetrics(): Promise<Set<string>> {
  const rendered = await new PromMetrics({ counters: counterCatalog(['fake']), processMetrics: true }).render();
  const names = new Set<string>();
  for (const [, name = '', type] of rendered.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name);
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(name + suffix);
  }
  return names;
}

const sorted = (set: Iterable<string>): string[] => [...set].sort();

describe(`${GUIDE}: the operators' guide stays true to the code`, () => {
  const guide = readFileSync(path.join(REPO_ROOT, GUIDE), 'utf8');
  const { events, unnamedCalls } = loggedEvents();
  const documented = documentedEvents(guide);

  it('finds what it checks (the scanners read the code and the guide)', () => {
    for (const event of ['psp.operation_given_up', 'notification.abandoned', 'rate_limit.store_unavailable', 'rate_limit.store_recovered', 'demo.order.failed', 'server.stopped']) {
      expect(events.has(event)).toBe(true);
    }
    expect(documented.size).toBeGreaterThan(30);
  });

  it('knows how every warn or error call without a literal event name gets its names', () => {
    expect(Object.fromEntries(unnamedCalls)).toEqual(FORWARDERS);
  });

  it('lists every event logged at warn or error level, at the levels the code logs it', () => {
    const missing: string[] = [];
    for (const [event, levels] of events) {
      if (!levels.has('warn') && !levels.has('error')) continue;
      const listed = documented.get(event);
      if (!listed) missing.push(`${event} (${sorted(levels).join(', ')}): not in the guide's tables`);
      else if (sorted(listed).join() !== sorted(levels).join()) missing.push(`${event}: the guide says ${sorted(listed).join(', ')}, the code logs ${sorted(levels).join(', ')}`);
    }
    expect(missing.sort()).toEqual([]);
  });

  it('names no event the code does not log, and gives each the levels it is logged at', () => {
    const wrong: string[] = [];
    for (const [event, listed] of documented) {
      const levels = events.get(event);
      if (!levels) wrong.push(`${event}: logged nowhere in production code`);
      else if (sorted(listed).join() !== sorted(levels).join()) wrong.push(`${event}: the guide says ${sorted(listed).join(', ')}, the code logs ${sorted(levels).join(', ')}`);
    }
    expect(wrong.sort()).toEqual([]);
  });

  it('names only metrics /metrics exposes, and every counter of the catalog', async () => {
    const exposed = await exposedMetrics();
    // Code spans and prose alike: a metric's name is snake case ending as Prometheus names end.
    const named = new Set([...guide.matchAll(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+_(?:total|seconds|bytes|bucket|count|sum|fds|info)\b/g)].map(([name]) => name));
    expect(named.size).toBeGreaterThan(10);
    expect(sorted(named).filter((name) => !exposed.has(name))).toEqual([]);
    expect(counterCatalog(['fake']).map((spec) => spec.name).filter((name) => !named.has(name))).toEqual([]);
  });

  it('links only inside the repository, to files and headings that exist', () => {
    const links = linksOf(GUIDE);
    expect(links.filter((link) => !isExternal(link.target)).length).toBeGreaterThan(5);
    expect(links.filter((link) => isExternal(link.target)).map(({ line, target }) => `${GUIDE}:${line} ${target}`)).toEqual([]);
    expect(brokenLinks(links)).toEqual([]);
  });

  it('is where operators look: the README and the architecture\'s Operations section point to it', () => {
    const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('](docs/operations.md)');
    const architecture = readFileSync(path.join(REPO_ROOT, 'docs/architecture.md'), 'utf8');
    expect(section(architecture, 'Operations')).toContain('](operations.md)');
  });
});
