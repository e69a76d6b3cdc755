import { execFileSync } from 'node:child_process';

/**
 * What a wire-protocol server may lack that some contract tests need. The MongoDB runner probes the
 * server for each one and skips (loudly) only the tests that need what it lacks.
 */
export type ServerGap = 'unique-array-keys';

export const SERVER_GAP_TEXT: Readonly<Record<ServerGap, string>> = {
  'unique-array-keys': 'a unique index on a field inside an array does not refuse a key repeated by another document (FerretDB 1.x)',
};

/** The probe, run in a child process (jest builds its describe tree synchronously); the URI travels in its environment. */
const PROBE = `
const { MongoClient } = require(process.env.PROBE_DRIVER);
(async () => {
  const client = new MongoClient(process.env.PROBE_URI, { serverSelectionTimeoutMS: 5000 });
  await client.connect();
  const db = client.db('splitpay_probe_' + require('node:crypto').randomBytes(6).toString('hex'));
  try {
    const gaps = [];
    const keys = db.collection('unique_array_keys');
    await keys.createIndex({ 'items.key': 1 }, { name: 'probe', unique: true });
    await keys.insertOne({ items: [{ key: 1 }] });
    try {
      await keys.insertOne({ items: [{ key: 1 }] });
      gaps.push('unique-array-keys');
    } catch (error) {
      if (error.code !== 11000) throw error;
    }
    process.stdout.write(JSON.stringify(gaps));
  } finally {
    await db.dropDatabase();
    await client.close();
  }
})().catch((error) => { process.stderr.write(String(error && error.message || error)); process.exitCode = 1; });
`;

/** Probes the server at `uri` for every gap; throws (with the server's answer) when it cannot be reached. */
export function probeServerGaps(uri: string, timeoutMs = 20_000): ServerGap[] {
  try {
    const out = execFileSync(process.execPath, ['-e', PROBE], {
      timeout: timeoutMs,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PROBE_URI: uri, PROBE_DRIVER: require.resolve('mongodb') },
    });
    return JSON.parse(out.toString('utf8')) as ServerGap[];
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(`MongoDB contract: cannot probe the server of MONGODB_URI: ${stderr || String(error)}`);
  }
}
