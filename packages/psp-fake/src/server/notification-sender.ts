import type { Logger } from '@splitpay/domain';
import { SIGNATURE_HEADER, type FakeNotification } from '../protocol/fake-psp.protocol';
import { signBody } from '../protocol/signature';
import { NotificationPoster } from './notification-post';

export interface NotificationSenderDeps {
  readonly signingSecret: string;
  /** Delay between the action and the first delivery (FAKE_PSP_DELAY_MS). */
  readonly delayMs: number;
  /** Delays of the redeliveries when the service does not answer 2xx; then the notification is dropped. */
  readonly retryDelaysMs?: readonly number[];
  readonly timeoutMs?: number;
  readonly logger?: Logger;
}

const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 30_000];

/**
 * Posts the fake PSP's verdicts to the notificationUrl the driver gave, signed over the raw body,
 * after the configured delay, and redelivers a few times while the service does not answer 2xx.
 */
export class NotificationSender {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly poster = new NotificationPoster();
  private closed = false;

  constructor(private readonly deps: NotificationSenderDeps) {}

  send(url: string, notification: FakeNotification): void {
    this.later(this.deps.delayMs, () => this.deliver(url, notification, JSON.stringify(notification), 0));
  }

  /** Stops every pending delivery (service shutdown, end of a test). */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.poster.close();
  }

  private later(delayMs: number, run: () => Promise<void>): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void run();
    }, delayMs);
    // Pending verdicts must not keep a stopping process alive.
    timer.unref();
    this.timers.add(timer);
  }

  private async deliver(url: string, notification: FakeNotification, rawBody: string, failures: number): Promise<void> {
    const headers = { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(rawBody, this.deps.signingSecret) };
    const answer = await this.poster.post(url, rawBody, headers, this.deps.timeoutMs ?? 10_000);
    if (this.closed) return;
    if (answer.kind === 'answered' && answer.status >= 200 && answer.status < 300) return;
    const outcome = answer.kind === 'answered' ? `HTTP ${answer.status}` : answer.message;
    const delays = this.deps.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    const next = delays[failures];
    const fields = { notificationId: notification.id, eventCode: notification.event, url, failures: failures + 1, outcome };
    if (next === undefined) {
      this.deps.logger?.error('fake-psp.notification.abandoned', fields);
      return;
    }
    this.deps.logger?.warn('fake-psp.notification.failed', fields);
    this.later(next, () => this.deliver(url, notification, rawBody, failures + 1));
  }
}
