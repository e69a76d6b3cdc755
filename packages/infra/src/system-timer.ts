import type { Timer } from '@splitpay/domain';

/** Node's timers; read at each call, so jest's fake timers replace them in tests. */
export class SystemTimer implements Timer {
  after(ms: number, run: () => void): () => void {
    const handle = setTimeout(run, ms);
    return () => clearTimeout(handle);
  }
}
