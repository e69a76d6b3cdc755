import net from 'node:net';
import { WireMessageReader, type WireMessage } from './wire-message.reader';

export interface Upstream {
  readonly host: string;
  readonly port: number;
}

/** A FIFO lock shared by every connection: one command on the server at a time. */
class Turn {
  private tail: Promise<unknown> = Promise.resolve();

  take<T>(task: () => Promise<T>): Promise<T> {
    const run = this.tail.then(task, task);
    this.tail = run.catch(() => undefined);
    return run;
  }
}

/**
 * A TCP proxy in front of a wire-protocol server that lets one command through at a time, across
 * all connections: each client message is sent upstream only once the previous command, from any
 * client, has had its answer.
 *
 * Why: FerretDB 1.x runs a conditional update (findAndModify, update, delete) as a read followed by a
 * write by `_id`, with no guard in between, so two concurrent compare-and-set writes on one document
 * both succeed. MongoDB applies each single-document write atomically, and the store relies on
 * exactly that (versions, leases, one-time codes). One command at a time restores it on the test
 * server; the service itself is unchanged.
 */
export class WireGate {
  private readonly turn = new Turn();
  private readonly sockets = new Set<net.Socket>();
  private readonly server = net.createServer((client) => this.serve(client));

  constructor(private readonly upstream: Upstream) {}

  /** Listens on `host:port` (default 127.0.0.1 and a free port) and answers the port. */
  async listen(port = 0, host = '127.0.0.1'): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => resolve());
    });
    return (this.server.address() as net.AddressInfo).port;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private serve(client: net.Socket): void {
    const server = net.connect(this.upstream.port, this.upstream.host);
    this.sockets.add(client).add(server);
    const fromClient = new WireMessageReader();
    const fromServer = new WireMessageReader();
    let waiting: ((answer: WireMessage) => void) | undefined;
    let pending = Promise.resolve();
    const end = () => {
      client.destroy();
      server.destroy();
      this.sockets.delete(client);
      this.sockets.delete(server);
      waiting?.({ bytes: Buffer.alloc(0), requestId: 0, responseTo: 0, moreToCome: false });
    };
    client.on('error', end).on('close', end);
    server.on('error', end).on('close', end);

    server.on('data', (chunk: Buffer) => {
      for (const answer of fromServer.push(chunk)) {
        if (!client.destroyed) client.write(answer.bytes);
        if (!answer.moreToCome) {
          const done = waiting;
          waiting = undefined;
          done?.(answer);
        }
      }
    });

    // A client sends its next command only after the answer to the previous one; they queue anyway.
    client.on('data', (chunk: Buffer) => {
      let requests: WireMessage[];
      try {
        requests = fromClient.push(chunk);
      } catch {
        end();
        return;
      }
      for (const request of requests) {
        pending = pending.then(() =>
          this.turn.take(
            () =>
              new Promise<void>((resolve) => {
                if (server.destroyed) return resolve();
                if (!request.moreToCome) waiting = () => resolve();
                server.write(request.bytes);
                if (request.moreToCome) resolve();
              }),
          ),
        );
      }
    });
  }
}
