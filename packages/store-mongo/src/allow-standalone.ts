/**
 * The one setting for a MongoDB server that is not production-grade: MONGODB_ALLOW_STANDALONE=true.
 * It exists for tests on a wire-protocol stand-in such as FerretDB, which is a standalone server (no
 * replica set, so no transactions or change streams) and lacks some index options. It never changes
 * what the repositories do: it only lets the start accept such a server, and create an index whose
 * option the server has not implemented without that option (each one reported). Production leaves
 * it unset, and the start then refuses both.
 */
export const ALLOW_STANDALONE_SETTING = 'MONGODB_ALLOW_STANDALONE';

/** `true` or `false` (absent or empty: false); anything else is refused, naming the setting. */
export function parseAllowStandalone(raw: string | undefined): boolean {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  throw new Error(`${ALLOW_STANDALONE_SETTING} must be true or false, got ${raw}`);
}
