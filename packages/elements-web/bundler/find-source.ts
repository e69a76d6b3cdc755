import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The first of `candidates` (paths relative to a directory) found in `start` or else in the nearest of
 * its parents. Browser sources are found this way because a compiled build (dist/ inside the checkout)
 * holds no TypeScript: from there, walking up reaches the checkout's own sources.
 */
export function findSource(start: string, candidates: readonly string[], what: string): string {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    for (const candidate of candidates) {
      const found = path.join(dir, candidate);
      if (existsSync(found)) return found;
    }
    if (path.dirname(dir) === dir) throw new Error(`${what} not found: looked for ${candidates.join(' or ')} in ${start} and every directory above it`);
  }
}
