import net from 'node:net';
import { WireGate } from './wire-gate';
import { WireMessageReader, type WireMessage } from './wire-message.reader';
import { wireMessage } from './wire-message.fixture';

/** A wire-protocol server that answers each request after a pause, counting how many it holds at once. */
class SlowServer {
  inFlight = 0;
  mostInFlight = 0;
  received = 0;
  private readonly server = net.createServer((socket) => {
    const reader = new WireMessageReader();
    socket.on('data', (chunk: Buffer) => {
      for (const request of reader.push(chunk)) {
        this.received++;
        if (request.moreToCome) continue;
        this.inFlight++;
        this.mostInFlight = Math.max(this.mostInFlight, this.inFlight);
        setTimeout(() => {
          this.inFlight--;
          socket.write(wireMessage(1000 + request.requestId, request.requestId, { body: `answer to ${request.requestId}` }));
        }, 15);
      }
    });
  });

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as net.AddressInfo).port;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A client connection that sends requests one after the other, as a driver connection does. */
async function client(port: number): Promise<{ ask(requestId: number, flags?: number): Promise<WireMessage | undefined>; close(): void }> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  const reader = new WireMessageReader();
  const answers: WireMessage[] = [];
  let wake = () => undefined as void;
  socket.on('data', (chunk: Buffer) => {
    answers.push(...reader.push(chunk));
    wake();
  });
  return {
    async ask(requestId, flags = 0) {
      socket.write(wireMessage(requestId, 0, { flags }));
      if (flags & 2) return undefined;
      while (answers.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      return answers.shift();
    },
    close: () => socket.destroy(),
  };
}

describe('the wire gate', () => {
  const upstream = new SlowServer();
  let gate: WireGate;
  let port: number;

  beforeAll(async () => {
    gate = new WireGate({ host: '127.0.0.1', port: await upstream.listen() });
    port = await gate.listen();
  });
  afterAll(async () => {
    await gate.close();
    await upstream.close();
  });

  it('lets one command reach the server at a time across connections, and gives each connection its own answers', async () => {
    const clients = await Promise.all(Array.from({ length: 5 }, () => client(port)));
    const answers = await Promise.all(
      clients.map(async (c, i) => {
        const mine: string[] = [];
        for (let n = 0; n < 4; n++) {
          const answer = await c.ask(i * 10 + n);
          mine.push(`${answer!.responseTo}:${answer!.bytes.subarray(20).toString()}`);
        }
        return mine;
      }),
    );
    clients.forEach((c) => c.close());

    expect(upstream.mostInFlight).toBe(1);
    expect(answers).toEqual(clients.map((_, i) => [0, 1, 2, 3].map((n) => `${i * 10 + n}:answer to ${i * 10 + n}`)));
  });

  it('forwards a message that expects no answer without waiting for one', async () => {
    const c = await client(port);
    const before = upstream.received;
    await c.ask(77, 2);
    const answer = await c.ask(78);
    c.close();
    expect(answer?.responseTo).toBe(78);
    expect(upstream.received - before).toBe(2);
  });
});
