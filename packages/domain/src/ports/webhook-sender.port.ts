/** One HTTP delivery of a webhook message to a merchant address. */
export interface WebhookMessage {
  readonly url: string;
  /** The account's pre-agreed authorization header value, sent verbatim (scheme included). */
  readonly authorization?: string;
  /** Secret for the Standard Webhooks signature headers sent beside it. */
  readonly signingSecret: string;
  /** Stable across retries; also the Standard Webhooks `webhook-id`. */
  readonly notificationId: string;
  readonly payload: Readonly<Record<string, unknown>>;
}

/** Received only on HTTP 200, text/plain, body OK (white space around it ignored). */
export type DeliveryOutcome =
  | { readonly received: true; readonly httpStatus: number }
  | { readonly received: false; readonly reason: string; readonly httpStatus?: number };

export interface WebhookSender {
  send(message: WebhookMessage): Promise<DeliveryOutcome>;
}
