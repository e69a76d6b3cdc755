/** One request the page sent, waiting until the test answers it. */
export interface HeldRequest {
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
  /** The idempotency-key header it carried, if any. */
  readonly idempotencyKey?: string;
  answer(body: unknown, status?: number): void;
  /** No answer reaches the page: the connection failed (fetch rejects). */
  lose(): void;
}

/**
 * A fetch that answers nothing by itself: every request waits, recorded in the order it was sent,
 * until the test answers it, so a test decides which answer comes back first.
 */
export function heldFetch() {
  const requests: HeldRequest[] = [];
  const fetch = (url: string, init: RequestInit): Promise<Response> =>
    new Promise<Response>((resolve, reject) => {
      const key = (init.headers as Record<string, string> | undefined)?.['Idempotency-Key'];
      requests.push({
        method: init.method ?? 'GET',
        path: new URL(url).pathname,
        ...(init.body ? { body: JSON.parse(String(init.body)) as unknown } : {}),
        ...(key !== undefined ? { idempotencyKey: key } : {}),
        answer: (body, status = 200) => resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
        lose: () => reject(new TypeError('Failed to fetch')),
      });
      // As the browser's fetch: an aborted request rejects (the page gave up on it, or was unmounted).
      init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
    });
  /** The request sent `index`-th (from 0); fails the test when it was not sent. */
  const request = (index: number): HeldRequest => {
    const found = requests[index];
    if (!found) throw new Error(`request ${index} was not sent; sent: ${requests.map((r) => `${r.method} ${r.path}`).join(' | ')}`);
    return found;
  };
  return { fetch, requests, request };
}
