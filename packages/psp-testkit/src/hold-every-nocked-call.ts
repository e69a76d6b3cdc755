import { KIT_HANG_MS } from './kit-deadline';
import { loadNock } from './nock-isolation';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * A script's `holdsEveryCall` for a PSP nock plays: every interceptor is dropped (one answering a
 * token, a search or a status read would match before a later one), and every call to `bases`, any
 * method and path, is answered 503 only after `KIT_HANG_MS`. The run's stop aborts the held answers.
 */
export function holdEveryNockedCall(...bases: readonly string[]): { held(): number } {
  const nock = loadNock();
  nock.cleanAll();
  let held = 0;
  for (const base of bases) {
    for (const method of METHODS) {
      nock(base)
        .persist()
        .intercept(() => true, method)
        .query(true)
        .delay(KIT_HANG_MS)
        .reply(() => [503, { kit: 'held past the deadline' }])
        .on('request', () => void (held += 1));
    }
  }
  return { held: () => held };
}
