import http from 'node:http';
import https from 'node:https';

/** What one delivery produced: the service's status (its body is not read), or no answer. */
export type PostOutcome = { readonly kind: 'answered'; readonly status: number } | { readonly kind: 'failed'; readonly message: string };

/** Idle connections kept at most 5 s (Node's own global agent's value), less when the service says so. */
const KEEP_ALIVE: http.AgentOptions = { keepAlive: true, timeout: 5_000 };

/**
 * The fake PSP's outgoing POSTs: one keep-alive connection pool per instance, no redirect followed, no
 * proxy, the answer's body drained unread, a whole-delivery deadline. Node's own client: the sender
 * needs nothing more, and it runs in the service's process on every verdict, where axios's per-call
 * config merging and header objects cost about twice what the exchange itself does.
 */
export class NotificationPoster {
  // Node's agent honours a `Keep-Alive: timeout=` (letting the connection go a second before) only when
  // given a timeout; without one it reuses a connection just as the service closes it, and the
  // verdict is reset unanswered (then redelivered a second later at best).
  private readonly agents = { http: new http.Agent(KEEP_ALIVE), https: new https.Agent(KEEP_ALIVE) };
  private readonly inFlight = new Set<http.ClientRequest>();

  post(url: string, body: string, headers: Readonly<Record<string, string>>, timeoutMs: number): Promise<PostOutcome> {
    return new Promise<PostOutcome>((resolve) => {
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        return resolve({ kind: 'failed', message: 'Invalid URL' });
      }
      const secure = target.protocol === 'https:';
      if (!secure && target.protocol !== 'http:') return resolve({ kind: 'failed', message: `Unsupported protocol ${target.protocol}` });
      const request = (secure ? https : http).request(target, {
        method: 'POST',
        agent: secure ? this.agents.https : this.agents.http,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      });
      const deadline = setTimeout(() => request.destroy(new Error(`timeout of ${timeoutMs}ms exceeded`)), timeoutMs);
      let settled = false;
      const settle = (outcome: PostOutcome): void => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        this.inFlight.delete(request);
        resolve(outcome);
      };
      let answer: http.IncomingMessage | undefined;
      request.once('response', (response) => {
        answer = response;
        response.once('error', (error) => settle({ kind: 'failed', message: error.message }));
        response.resume();
      });
      request.on('error', (error) => settle({ kind: 'failed', message: error.message }));
      // Told once the request is done: the connection is back in the pool by then, for the next delivery.
      request.once('close', () =>
        settle(answer?.complete ? { kind: 'answered', status: answer.statusCode ?? 0 } : { kind: 'failed', message: 'connection closed before the answer ended' }),
      );
      this.inFlight.add(request);
      request.end(body);
    });
  }

  /** Ends every delivery in flight and the pooled connections. */
  close(): void {
    for (const request of this.inFlight) request.destroy();
    this.inFlight.clear();
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}
