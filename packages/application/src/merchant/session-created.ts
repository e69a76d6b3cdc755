import type { SessionId } from '@splitpay/domain';

/** What the merchant server receives; the elements token goes to the page, the session id never does. */
export interface SessionCreated {
  readonly elementsToken: string;
  readonly sessionId: SessionId;
  readonly expiresAt: number;
}
