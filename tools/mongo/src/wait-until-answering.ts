import { MongoClient } from 'mongodb';

/** Pings the server at `uri` until it answers, or throws with its last error once `timeoutMs` has passed. */
export async function waitUntilAnswering(uri: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    const client = new MongoClient(uri, { serverSelectionTimeoutMS: 1_000, connectTimeoutMS: 1_000 });
    try {
      await client.db('admin').command({ ping: 1 });
      return;
    } catch (error) {
      last = error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await client.close();
    }
  }
  throw new Error(`no answer from ${uri} within ${timeoutMs} ms: ${last instanceof Error ? last.message : String(last)}`);
}
