import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createFakePsp, type FakePsp } from '@splitpay/psp-fake';

/** An operation call a service made to the PSP: its kind, the payment reference in its path, its idempotency key. */
export interface PspCall {
  readonly kind: 'capture' | 'refund';
  readonly paymentRef: string;
  readonly idempotencyKey: string;
}

/**
 * The fake PSP in the test's own process, shared by service processes (FAKE_PSP_URL), so that it
 * outlives their crashes as a real PSP would. It records the capture and refund calls that reach it
 * (a call repeated with its idempotency key is one operation at the PSP), and can hold a call: it
 * never reaches the PSP, and `onHeld` is told (a crash test kills the service then).
 */
export class HostedFakePsp {
  readonly apiKey = randomBytes(16).toString('hex');
  readonly signingSecret = randomBytes(32).toString('hex');
  readonly calls: PspCall[] = [];
  /** When set and matching, the call is held, never performed, and never answered. */
  hold: ((call: PspCall) => boolean) | undefined;
  onHeld: ((call: PspCall) => void) | undefined;
  private psp: FakePsp | undefined;
  private server: http.Server | undefined;
  private base = '';

  /** Where the services' drivers reach it (FAKE_PSP_URL). */
  get url(): string {
    return `${this.base}/fake-psp`;
  }

  /** The environment that points a service process at this PSP. */
  get env(): Record<string, string> {
    return { FAKE_PSP: 'on', FAKE_PSP_URL: this.url, FAKE_PSP_API_KEY: this.apiKey, FAKE_PSP_SIGNING_SECRET: this.signingSecret };
  }

  /**
   * `retryDelaysMs`: how soon a notification the service did not take is sent again (a crashed service
   * is back within seconds); `notificationTimeoutMs`: how long a delivery waits for the answer (10 s).
   */
  async start(options: { delayMs: number; retryDelaysMs: readonly number[]; notificationTimeoutMs?: number }): Promise<void> {
    this.psp = createFakePsp({
      publicUrl: () => this.url,
      apiKey: this.apiKey,
      signingSecret: this.signingSecret,
      delayMs: options.delayMs,
      retryDelaysMs: options.retryDelaysMs,
      ...(options.notificationTimeoutMs !== undefined ? { notificationTimeoutMs: options.notificationTimeoutMs } : {}),
    });
    const app = express();
    app.use('/fake-psp', (req, _res, next) => {
      const match = req.method === 'POST' ? /^\/api\/payments\/([^/]+)\/(captures|refunds)$/.exec(req.path) : null;
      if (!match) return next();
      const call: PspCall = { kind: match[2] === 'captures' ? 'capture' : 'refund', paymentRef: decodeURIComponent(match[1]!), idempotencyKey: req.get('idempotency-key') ?? '' };
      if (this.hold?.(call)) {
        this.onHeld?.(call);
        return;
      }
      this.calls.push(call);
      next();
    });
    app.use('/fake-psp', this.psp.router);
    this.server = http.createServer(app);
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The captures (or refunds) the PSP performed on one payment: its calls, one per idempotency key. */
  performed(kind: PspCall['kind'], paymentRef: string): number {
    return new Set(this.calls.filter((call) => call.kind === kind && call.paymentRef === paymentRef).map((call) => call.idempotencyKey)).size;
  }

  async stop(): Promise<void> {
    this.psp?.close();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
