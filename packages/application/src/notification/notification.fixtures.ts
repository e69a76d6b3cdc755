import {
  createSession,
  DEFAULT_POLICY,
  expireIfDue,
  money,
  owedOperations,
  recordDispatch,
  recordOpenOutcome,
  startAttempt,
  type DeliveryOutcome,
  type DomainContext,
  type DomainPolicy,
  type MerchantId,
  type Session,
  type WebhookMessage,
  type WebhookSender,
} from '@splitpay/domain';
import { CARD_CAPS, catalog } from '@splitpay/domain/src/testing';

/**
 * Sessions for the webhook tests, built through the domain's own commands (creation, an attempt,
 * its PSP verdicts, the capture dispatch, expiry) as the payer flow and the worker would.
 */

const CATALOG = catalog({ fake: { card: CARD_CAPS } });

export interface SessionFactoryOptions {
  readonly merchantId: string;
  readonly now: () => number;
  readonly newId: () => string;
  readonly policy?: DomainPolicy;
}

export interface NewSession {
  readonly orderId?: string;
  readonly total?: number;
  /** The session's own address; absent: the account's (`accountUrl`), and with neither none. */
  readonly notificationUrl?: string;
  readonly accountUrl?: string;
  readonly terms?: readonly { label: string; url: string }[];
}

export class SessionFactory {
  constructor(private readonly options: SessionFactoryOptions) {}

  ctx(): DomainContext {
    return { now: this.options.now(), newId: this.options.newId, policy: this.options.policy ?? DEFAULT_POLICY };
  }

  /** A PENDING session offering a card on the fake provider. */
  pending(input: NewSession = {}): Session {
    const ctx = this.ctx();
    return createSession(
      {
        currency: 'EUR',
        total: input.total ?? 10_000,
        orderId: input.orderId ?? 'order-1',
        methods: [{ method: 'card' }],
        ...(input.notificationUrl ? { notificationUrl: input.notificationUrl } : {}),
        ...(input.terms ? { terms: input.terms } : {}),
      },
      {
        now: ctx.now,
        newId: ctx.newId,
        account: {
          merchantId: this.options.merchantId as MerchantId,
          contracts: [{ method: 'card', provider: 'fake', partialRefunds: true }],
          webhookAuthorizationSealed: 'sealed:webhook-authorization',
          ...(input.accountUrl ? { notificationUrl: input.accountUrl } : {}),
        },
        psps: CATALOG,
        defaultTtlMs: 15 * 60_000,
        elementsTokenHash: `${ctx.newId()}${ctx.newId()}`.replace(/-/g, '').slice(0, 64),
      },
    );
  }

  /** The session paid in full by one card attempt: authorized as `authRef`, captured as `captureRef`. */
  paid(session: Session, refs: { readonly authRef: string; readonly captureRef: string; readonly cardAlias?: string }): Session {
    const started = startAttempt(session, { methodId: 'card', amount: session.total.amount }, this.ctx());
    const authorized = recordOpenOutcome(
      started.session,
      started.attemptId,
      {
        ack: { outcome: 'accepted', providerRef: refs.authRef, httpStatus: 201 },
        facts: [
          {
            kind: 'authorized',
            ref: { transactionId: started.transactionId },
            providerRef: refs.authRef,
            granted: money(session.total.amount, session.total.currency),
            cardScheme: 'visa',
            ...(refs.cardAlias ? { cardAlias: refs.cardAlias } : {}),
            statusCode: '00',
          },
        ],
      },
      this.ctx(),
    );
    const [capture] = owedOperations(authorized, Number.MAX_SAFE_INTEGER);
    if (!capture) throw new Error(`fixture: no capture owed (status ${authorized.status})`);
    const paid = recordDispatch(
      authorized,
      capture.transactionId,
      {
        ack: { outcome: 'accepted', providerRef: refs.captureRef, httpStatus: 201 },
        facts: [{ kind: 'captured', success: true, ref: { transactionId: capture.transactionId }, providerRef: refs.captureRef }],
      },
      this.ctx(),
    );
    if (paid.status !== 'PAID') throw new Error(`fixture: expected PAID, got ${paid.status}`);
    return paid;
  }

  /** The session past its expiry: EXPIRED (nothing was attempted). Needs the clock at or past expiresAt. */
  expired(session: Session): Session {
    const expired = expireIfDue(session, this.ctx());
    if (expired.status !== 'EXPIRED') throw new Error(`fixture: expected EXPIRED, got ${expired.status}`);
    return expired;
  }
}

/** A sender whose outcomes a test scripts per call; it keeps every message it was asked to send. */
export class ScriptedSender implements WebhookSender {
  readonly sent: WebhookMessage[] = [];
  script: (index: number, message: WebhookMessage) => DeliveryOutcome = () => ({ received: true, httpStatus: 200 });

  async send(message: WebhookMessage): Promise<DeliveryOutcome> {
    const outcome = this.script(this.sent.length, message);
    this.sent.push(message);
    return outcome;
  }
}

export const FAILED_500: DeliveryOutcome = { received: false, reason: 'status 500', httpStatus: 500 };
