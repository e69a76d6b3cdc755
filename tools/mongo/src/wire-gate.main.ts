import { renameSync, writeFileSync } from 'node:fs';
import { waitUntilAnswering } from './wait-until-answering';
import { WireGate } from './wire-gate';

/**
 * `wire-gate.main.ts --upstream 127.0.0.1:PORT --port-file FILE`: serves the gate on a free loopback
 * port, waits until the server answers a ping through it, then writes the port to FILE (written
 * whole, so a reader never sees half of it). Stops on SIGTERM or SIGINT.
 */
function argument(name: string): string {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? process.argv[at + 1] : undefined;
  if (!value) throw new Error(`--${name} is required`);
  return value;
}

async function main(): Promise<void> {
  const [host, port] = argument('upstream').split(':');
  const portFile = argument('port-file');
  const gate = new WireGate({ host: host!, port: Number(port) });
  const listening = await gate.listen();
  const stop = () => void gate.close().finally(() => process.exit(0));
  process.once('SIGTERM', stop).once('SIGINT', stop);
  await waitUntilAnswering(`mongodb://127.0.0.1:${listening}/?directConnection=true`, Number(process.env.FERRETDB_START_TIMEOUT_MS) || 60_000);
  writeFileSync(`${portFile}.tmp`, String(listening));
  renameSync(`${portFile}.tmp`, portFile);
  process.stdout.write(`wire gate on 127.0.0.1:${listening} in front of ${host}:${port}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`wire gate: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
