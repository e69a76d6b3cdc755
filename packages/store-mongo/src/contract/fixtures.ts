import { randomUUID } from 'node:crypto';
import {
  money,
  type Attempt,
  type AttemptId,
  type Chargeback,
  type MerchantAccount,
  type MerchantId,
  type MethodOffer,
  type Session,
  type SessionId,
  type Transaction,
  type TransactionId,
} from '@splitpay/domain';
import { CARD_CAPS } from '@splitpay/domain/src/testing';

/** A lowercase UUID, as the ids of the domain are. */
export const newId = (): string => randomUUID();
export const newMerchantId = (): MerchantId => `m-${randomUUID().slice(0, 8)}` as MerchantId;

export const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);

const cardOffer: MethodOffer = { id: 'card', method: 'card', provider: 'fake', partialRefunds: true, capabilities: CARD_CAPS, schemes: ['visa', 'mastercard'] };

export function aTransaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: newId() as TransactionId,
    createdAt: T0,
    updatedAt: T0,
    type: 'authorization',
    amount: money(1000, 'EUR'),
    status: { kind: 'pending' },
    ...overrides,
  };
}

export function anAttempt(overrides: Partial<Attempt> = {}): Attempt {
  return {
    id: newId() as AttemptId,
    createdAt: T0,
    updatedAt: T0,
    method: 'card',
    methodId: 'card',
    provider: 'fake',
    operation: 'authorization',
    status: 'AUTHORIZING',
    requested: money(1000, 'EUR'),
    granted: money(0, 'EUR'),
    refunded: money(0, 'EUR'),
    transactions: [aTransaction()],
    ...overrides,
  };
}

export function aSession(overrides: Partial<Session> = {}): Session {
  return {
    id: newId() as SessionId,
    merchantId: newMerchantId(),
    orderId: `order-${randomUUID().slice(0, 8)}`,
    status: 'PENDING',
    total: money(3000, 'EUR'),
    captured: money(0, 'EUR'),
    createdAt: T0,
    updatedAt: T0,
    expiresAt: T0 + 15 * 60_000,
    version: 1,
    methods: [cardOffer],
    attempts: [],
    elementsTokenHash: randomUUID().replace(/-/g, '') + randomUUID().replace(/-/g, ''),
    ...overrides,
  };
}

/** The next version of a session, as SessionWriter would write it. */
export function nextVersion(session: Session, changes: Partial<Session> = {}): Session {
  return { ...session, ...changes, version: session.version + 1, updatedAt: session.updatedAt + 1 };
}

export function aMerchantAccount(overrides: Partial<MerchantAccount> = {}): MerchantAccount {
  return {
    merchantId: newMerchantId(),
    secretHash: 'scrypt$16384$8$1$c2FsdA$aGFzaA',
    webhookSigningSecretSealed: 'sealed:v1:abc',
    contracts: [{ method: 'card', provider: 'fake', partialRefunds: true }],
    contacts: [],
    ...overrides,
  };
}

export function aChargeback(overrides: Partial<Chargeback> = {}): Chargeback {
  const providerRef = `psp-${randomUUID().slice(0, 8)}`;
  return {
    notificationId: `${providerRef}:chargeback:2026-02-01:1000`,
    merchantId: newMerchantId(),
    sessionId: newId() as SessionId,
    attemptId: newId() as AttemptId,
    transactionId: newId() as TransactionId,
    orderId: 'order-1',
    type: 'chargeback',
    amount: money(1000, 'EUR'),
    provider: 'fake',
    providerRef,
    reasonCode: '4837',
    date: '2026-02-01',
    receivedAt: T0,
    version: 1,
    ...overrides,
  };
}
