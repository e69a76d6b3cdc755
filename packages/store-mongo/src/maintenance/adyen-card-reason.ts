import type { AttemptDocument, SessionDocument } from '../documents/session.document';

/**
 * What Adyen writes as `reason` on a successful card AUTHORISATION: the authorisation code, the card's
 * last four digits and its expiry, `874574:1111:03/2030` (the code may be empty). A decline's reason is
 * words (`Refused`, `CVC Declined`), never this shape.
 */
const CARD_REASON = /^[A-Za-z0-9]{0,10}:\d{4}:\d{1,2}\/\d{2,4}$/;

const ADYEN = 'adyen';

export function isAdyenCardReason(message: unknown): boolean {
  return typeof message === 'string' && CARD_REASON.test(message.trim());
}

/** A session's document with the Adyen card reasons taken out, and how many were (none: nothing to write). */
export interface CardReasonsCleared {
  readonly attempts: readonly AttemptDocument[];
  readonly notification?: SessionDocument['notification'];
  /** Operations of the session whose `statusMessage` was one. */
  readonly operations: number;
  /** Operations of the stored session-ended message (the webhook body) whose `statusMessage` was one. */
  readonly messageOperations: number;
}

/**
 * The session's attempts and session-ended message without the `statusMessage` of an Adyen operation
 * holding a card reason (D125-a, D133); every other operation, and every other field, as stored.
 */
export function withoutAdyenCardReasons(doc: Pick<SessionDocument, 'attempts' | 'notification'>): CardReasonsCleared {
  let operations = 0;
  const attempts = doc.attempts.map((attempt) => {
    if (attempt.provider !== ADYEN || !attempt.transactions.some((tx) => isAdyenCardReason(tx.status.statusMessage))) return attempt;
    return {
      ...attempt,
      transactions: attempt.transactions.map((tx) => {
        if (!isAdyenCardReason(tx.status.statusMessage)) return tx;
        operations++;
        const { statusMessage: _cleared, ...status } = tx.status;
        return { ...tx, status };
      }),
    };
  });
  const cleared = withoutCardReasonsInPayload(doc.notification?.delivery?.payload);
  const notification =
    cleared && doc.notification?.delivery ? { ...doc.notification, delivery: { ...doc.notification.delivery, payload: cleared.payload } } : doc.notification;
  return { attempts, ...(notification ? { notification } : {}), operations, messageOperations: cleared?.operations ?? 0 };
}

type Entry = Readonly<Record<string, unknown>>;
const isEntry = (value: unknown): value is Entry => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The session-ended body (domain's buildSessionEndedPayload: `attempts[].operations[]`) without them; undefined when it holds none. */
function withoutCardReasonsInPayload(payload: Entry | undefined): { readonly payload: Entry; readonly operations: number } | undefined {
  const attempts = payload?.attempts;
  if (!payload || !Array.isArray(attempts)) return undefined;
  let operations = 0;
  const cleaned = attempts.map((attempt: unknown) => {
    if (!isEntry(attempt) || attempt.provider !== ADYEN || !Array.isArray(attempt.operations)) return attempt;
    return {
      ...attempt,
      operations: attempt.operations.map((operation: unknown) => {
        if (!isEntry(operation) || !isAdyenCardReason(operation.statusMessage)) return operation;
        operations++;
        const { statusMessage: _cleared, ...rest } = operation;
        return rest;
      }),
    };
  });
  return operations > 0 ? { payload: { ...payload, attempts: cleaned }, operations } : undefined;
}
