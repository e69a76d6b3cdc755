import type { IncomingMessage, ServerResponse } from 'node:http';

/** One PSP notification as it reached the service (raw body and headers, verbatim). */
export interface TappedNotification {
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** Parsed body, for choosing which one to drop or replay. */
  readonly json: Record<string, unknown> | undefined;
  /** False when the tap swallowed it (the service never saw it). */
  readonly forwarded: boolean;
}

const BYPASS = 'x-test-notification-tap';
const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

/**
 * A wire tap in front of POST /psp/{provider}/notifications: records every delivery verbatim, can
 * swallow chosen ones (answering the PSP as if accepted, so it does not resend), and replays any
 * recorded one over HTTP later: duplicates, late and reordered verdicts exactly as a PSP sends them.
 */
export class NotificationTap {
  readonly deliveries: TappedNotification[] = [];
  private readonly drops: { readonly match: (n: TappedNotification) => boolean; readonly swallowed: (n: TappedNotification) => void }[] = [];
  private baseUrl = '';

  bind(baseUrl: string): void {
    this.baseUrl = baseUrl;
  }

  /**
   * Swallows the next delivery matching `match` (by its parsed body); the promise settles with it once
   * swallowed, for a test to wait on instead of polling `deliveries`.
   */
  dropNext(match: (json: Record<string, unknown>) => boolean): Promise<TappedNotification> {
    return new Promise((swallowed) => this.drops.push({ match: (n) => n.json !== undefined && match(n.json), swallowed }));
  }

  /** Sends a recorded delivery again, verbatim. */
  async replay(n: TappedNotification): Promise<{ status: number; body: string }> {
    const res = await fetch(`${this.baseUrl}${n.path}`, { method: 'POST', headers: { ...n.headers, [BYPASS]: '1' }, body: n.body });
    return { status: res.status, body: await res.text() };
  }

  /** Whether the outer server must let `req` through untouched. */
  passes(req: IncomingMessage): boolean {
    return req.method !== 'POST' || !/^\/psp\/[^/]+\/notifications/.test(req.url ?? '') || req.headers[BYPASS] === '1';
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    let json: Record<string, unknown> | undefined;
    try {
      json = JSON.parse(body) as Record<string, unknown>;
    } catch {
      json = undefined;
    }
    const candidate: TappedNotification = { path: req.url ?? '', headers, body, json, forwarded: true };
    const dropAt = this.drops.findIndex((drop) => drop.match(candidate));
    if (dropAt >= 0) {
      const [drop] = this.drops.splice(dropAt, 1);
      const swallowed = { ...candidate, forwarded: false };
      this.deliveries.push(swallowed);
      drop!.swallowed(swallowed);
      res.writeHead(200, { 'content-type': 'text/plain' }).end('[accepted]');
      return;
    }
    this.deliveries.push(candidate);
    const answer = await this.replay(candidate);
    res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body);
  }
}
