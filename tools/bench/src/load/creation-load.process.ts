import { loadSessionCreation } from './session-creation.load';

interface LoadOrder {
  readonly url: string;
  readonly token: string;
  readonly connections: number;
  readonly seconds: number;
}

/**
 * The session creation loads (autocannon), in a process that does nothing else (CreationLoadProcess
 * starts it once per bench): each `{ load }` order is run and answered with `{ figures }` over IPC.
 */
process.on('message', (message: { load?: LoadOrder }) => {
  const order = message.load;
  if (!order) return;
  loadSessionCreation(order.url, order.token, order.connections, order.seconds).then(
    (figures) => process.send?.({ figures }),
    (error: unknown) => process.send?.({ error: error instanceof Error ? error.message : String(error) }),
  );
});
process.send?.({ ready: true });
