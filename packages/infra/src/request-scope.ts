import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request a piece of work runs for: the HTTP adapter enters it for each request, and every log
 * line written meanwhile (use cases included, which know nothing of HTTP) carries its id.
 */
export class RequestScope {
  private readonly storage = new AsyncLocalStorage<string>();

  run<T>(requestId: string, work: () => T): T {
    return this.storage.run(requestId, work);
  }

  currentRequestId(): string | undefined {
    return this.storage.getStore();
  }
}

/** The process's one scope, shared by the HTTP adapter and the logger. */
export const requestScope = new RequestScope();
