import { createServer, connect, type Server, type Socket } from 'node:net';
import type { SessionDocument } from '@splitpay/store-mongo';
import { ElementsClient } from '../support/elements-client';
import type { ServiceProcess } from '../support/killable-service';
import { describeOnMongoDb, MongoDeployment, MONGODB_URI, until } from './mongo-deployment';

const transactionsOf = (doc: SessionDocument, type: string) => doc.attempts.flatMap((a) => a.transactions.filter((t) => t.type === type));

/**
 * A TCP tap in front of the database: forwards every byte both ways until a message from the service
 * matches `fatal`, which it holds back and reports, so the service can be killed before the database
 * ever sees that write. The tap reaches the URI's first host only (FerretDB's gate, or a primary).
 */
class WireTap {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  armed = false;
  onFatal: (() => void) | undefined;

  constructor(private readonly fatal: (message: string) => boolean) {}

  /** Starts the tap; answers the database's URI with the tap as its one host, reached directly. */
  async start(databaseUri: string): Promise<string> {
    const [scheme, rest] = databaseUri.split('://') as [string, string];
    const hostsEnd = rest.search(/[/?]/);
    const [host, port] = (hostsEnd < 0 ? rest : rest.slice(0, hostsEnd)).split(',')[0]!.split(':') as [string, string | undefined];
    this.server = createServer((service) => {
      const database = connect(Number(port ?? 27017), host);
      for (const socket of [service, database]) this.sockets.add(socket);
      database.on('data', (chunk: Buffer) => service.write(chunk));
      service.on('data', (chunk: Buffer) => {
        if (this.armed && this.fatal(chunk.toString('latin1'))) {
          this.armed = false;
          this.onFatal?.();
          return;
        }
        database.write(chunk);
      });
      const end = () => {
        service.destroy();
        database.destroy();
      };
      for (const socket of [service, database]) socket.on('error', end).on('close', end);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const tapped = `${scheme}://127.0.0.1:${(this.server.address() as { port: number }).port}/`;
    const query = rest.includes('?') ? rest.slice(rest.indexOf('?')) : '';
    return `${tapped}${query}${query ? '&' : '?'}directConnection=true`;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/**
 * A service process killed (SIGKILL) after storing a refund's verdict in its session and before that
 * refund's search entry was written: no mark is left for the repair (D100-c), so the entry still says
 * pending. The other process's transaction search must not contradict its own filter (D155-c).
 */
describeOnMongoDb('the transaction search after a process was killed between a session write and its search entries', () => {
  jest.setTimeout(3 * 60_000);
  const deployment = new MongoDeployment({ webhookRetryDelaysMs: [1_000, 2_000, 300_000], pspDelayMs: 50 });
  // The write of the refund's entry once its verdict is in: the entry names its type and its status.
  const tap = new WireTap((message) => message.includes('session_transactions') && message.includes('refund') && message.includes('succeeded'));
  let survivor: ServiceProcess;
  let victim: ServiceProcess;

  beforeAll(async () => {
    await deployment.open();
    const tapped = await tap.start(MONGODB_URI!);
    [survivor, victim] = await Promise.all([deployment.start(), deployment.start(undefined, tapped)]);
  }, 180_000);
  afterAll(async () => {
    await deployment.close();
    await tap.stop();
  });

  const transactionsAt = async (service: ServiceProcess, filter: string) => {
    const res = await fetch(`${service.url}/api/transactions?orderId=killed-entry-write&${filter}`, { headers: { Authorization: `Bearer ${await deployment.merchantToken(service)}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { transactions: { transaction: { type: string; status: { kind: string } } }[] };
    return body.transactions.map((hit) => [hit.transaction.type, hit.transaction.status.kind]);
  };

  it('lists the succeeded refund under no status it no longer has, and finds it as it is unfiltered', async () => {
    const created = await deployment.createSession(victim, { currency: 'EUR', total: 4_000, orderId: 'killed-entry-write', methods: [{ method: 'card' }] });
    expect((await new ElementsClient(victim.url, created.elementsToken).payByCard('card', 4_000)).status).toBe(201);
    const paid = await deployment.waitForStored(created.sessionId, (doc) => doc.status === 'PAID' && transactionsOf(doc, 'capture')[0]?.status.kind === 'succeeded', 'PAID');
    await until(async () => (await transactionsAt(survivor, 'status=succeeded')).length === 2, 'the capture to be searchable');

    let killed: Promise<void> | undefined;
    tap.onFatal = () => (killed = deployment.kill(victim));
    tap.armed = true;
    const refund = await fetch(`${victim.url}/api/attempts/${paid.attempts[0]!.id}/refund`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await deployment.merchantToken(victim)}`, 'Content-Type': 'application/json' },
      body: '{}',
    }).then((res) => res.status, () => 'no answer');
    expect([202, 'no answer']).toContain(refund);
    await until(() => killed !== undefined, "the refund's entry write");
    await killed;
    const stored = await deployment.stored(created.sessionId);
    expect(transactionsOf(stored, 'refund').map((t) => t.status.kind)).toEqual(['succeeded']);
    expect(stored.entriesDirty).toBeUndefined();

    expect(await transactionsAt(survivor, 'status=pending')).toEqual([]);
    expect((await transactionsAt(survivor, 'status=succeeded')).sort()).toEqual([['authorization', 'succeeded'], ['capture', 'succeeded']]);
    expect(await transactionsAt(survivor, 'type=refund')).toEqual([['refund', 'succeeded']]);
  });
});
