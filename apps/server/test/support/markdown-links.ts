import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Markdown as GitHub renders it, for the tests that keep the README and docs/ true to the repository. */

/** The repository's root. */
export const REPO_ROOT = path.resolve(__dirname, '../../../..');

export interface Link {
  readonly file: string;
  readonly line: number;
  readonly target: string;
}

/** The lines of a markdown text outside fenced code blocks, with inline code spans blanked. */
export function proseLines(text: string): { line: number; text: string }[] {
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
export function linksOf(file: string): Link[] {
  const links: Link[] = [];
  for (const { line, text } of proseLines(readFileSync(path.join(REPO_ROOT, file), 'utf8'))) {
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
export function anchorsOf(file: string): Set<string> {
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

export const isExternal = (target: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//') || target.startsWith('www.');

/** The relative links among `links` that name no file of the repository, or no heading of the file they name. */
export function brokenLinks(links: readonly Link[]): string[] {
  const broken: string[] = [];
  for (const { file, line, target } of links.filter((link) => !isExternal(link.target))) {
    const [pathPart = '', anchor] = target.split('#', 2);
    const resolved = pathPart === '' ? path.join(REPO_ROOT, file) : path.resolve(path.dirname(path.join(REPO_ROOT, file)), decodeURIComponent(pathPart));
    const where = `${file}:${line} ${target}`;
    if (!resolved.startsWith(`${REPO_ROOT}${path.sep}`) || !existsSync(resolved)) broken.push(`${where}: no such file in the repository`);
    else if (anchor !== undefined && (!statSync(resolved).isFile() || !resolved.endsWith('.md') || !anchorsOf(resolved).has(anchor))) broken.push(`${where}: no such anchor`);
  }
  return broken;
}
