import { randomUUID } from 'node:crypto';
import { money, type AttemptId, type FollowUpInput, type InboundNotification, type Logger, type Metrics, type MethodOffer, type OpenInput, type TransactionId } from '@splitpay/domain';
import { followUpOf } from '@splitpay/domain/src/testing';
import { ADYEN_APPLEPAY_CAPABILITIES, ADYEN_CARD_CAPABILITIES } from '../driver/capabilities';
import { itemHmac } from '../notification/hmac';

/** Test data of the Adyen driver: contract settings, driver inputs, signed webhooks. */

export const TEST_BASE = 'https://checkout-test.adyen.com';
/** The splitpay service's public base URL the provider is built with (where the card view loads our adapter). */
export const SERVICE_BASE = 'https://pay.splitpay.test';
export const API_KEY = 'AQEyhmfxKI3MaBFLw0m/n3Q5qf3VaY9UCJ14XWZE03G/k2NFitRvbe4N1XqH1eHaH2AksaEQwV1bDb7kfNy1WIxIIkxgBw==-SECRET';
/** The official test vector's key (Adyen's node library). */
export const HMAC_KEY = 'DFB1EB5485895CFA84146406857104ABB4CBCABDC8AAF103A624C8F6A3EAAB00';
/** The official test vector's item (Adyen's node library, hmacValidator.spec.ts), signed with HMAC_KEY as OFFICIAL_HMAC_SIGNATURE. */
export const OFFICIAL_HMAC_ITEM = {
  pspReference: 'pspReference',
  originalReference: 'originalReference',
  merchantAccountCode: 'merchantAccount',
  merchantReference: 'reference',
  amount: { value: 1000, currency: 'EUR' },
  eventCode: 'CAPTURE',
  success: 'true',
} as const;
export const OFFICIAL_HMAC_SIGNATURE = 'xhpHvYq2u2Np0rstbZ6QjLGu7JWhvf7Iwaa6EviJSX0=';
export const MERCHANT_ACCOUNT = 'SplitpayShopECOM';
export const CLIENT_KEY = 'test_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';

export const SETTINGS = {
  apiKey: API_KEY,
  merchantAccount: MERCHANT_ACCOUNT,
  hmacKey: HMAC_KEY,
  clientKey: CLIENT_KEY,
  environment: 'test',
  merchantIdentifier: 'merchant.com.splitpay.shop',
  displayName: 'Splitpay Shop',
} as const;

/** Adyen Web's encrypted card fields as the page sends them (test_ values are accepted in test). */
export const ENCRYPTED_CARD = {
  type: 'scheme',
  encryptedCardNumber: 'test_4111111111111111',
  encryptedExpiryMonth: 'test_03',
  encryptedExpiryYear: 'test_2030',
  encryptedSecurityCode: 'test_737',
};
export const BROWSER_INFO = { userAgent: 'Mozilla/5.0', acceptHeader: 'text/html', language: 'fr-FR', colorDepth: 24, screenHeight: 900, screenWidth: 1440, timeZoneOffset: -60, javaEnabled: false };

export function cardInput(encrypted: Record<string, string> = ENCRYPTED_CARD): Record<string, unknown> {
  return { method: 'card', token: JSON.stringify({ paymentMethod: encrypted, browserInfo: BROWSER_INFO }), holder: 'Ada Payer' };
}

/** The sheet's paymentData as the page sends it (JSON text). */
export const APPLE_PAY_DATA = JSON.stringify({ version: 'EC_v1', data: 'c2VjcmV0LWFwcGxlLXBheS1jaXBoZXJ0ZXh0', signature: 'c2lnbmF0dXJl', header: { ephemeralPublicKey: 'a2V5', publicKeyHash: 'aGFzaA==', transactionId: 'abc123' } });

export function offer(method: 'card' | 'applepay', over: Partial<MethodOffer> = {}): MethodOffer {
  return { id: method, method, provider: 'adyen', contractId: `${method}:adyen`, capabilities: method === 'card' ? ADYEN_CARD_CAPABILITIES : ADYEN_APPLEPAY_CAPABILITIES, partialRefunds: true, ...over };
}

export function openInput(method: 'card' | 'applepay' = 'card', over: Partial<OpenInput> = {}): OpenInput {
  const attemptId = randomUUID() as AttemptId;
  return {
    transactionId: randomUUID() as TransactionId,
    attemptId,
    reference: 'order-42-1a2b3c4d',
    offer: offer(method),
    settings: SETTINGS,
    amount: money(10_000, 'EUR'),
    registerAlias: false,
    order: { orderId: 'order-42' },
    returnUrl: `https://pay.example/elements/return/${attemptId}`,
    notificationUrl: 'https://pay.example/psp/adyen/notifications',
    ...(method === 'card' ? { payerInput: cardInput() } : {}),
    ...over,
  };
}

/** What every `/payments` body for `input` carries, as Adyen names it: the fixtures' 100.00 EUR, our references, the merchant account, the return door, a web e-commerce payment. */
export function paymentsBodyBase(input: OpenInput) {
  return {
    amount: { value: 10_000, currency: 'EUR' },
    reference: input.transactionId,
    merchantOrderReference: input.reference,
    merchantAccount: MERCHANT_ACCOUNT,
    returnUrl: input.returnUrl,
    channel: 'Web',
    shopperInteraction: 'Ecommerce',
  } as const;
}

export function followUpInput(open: OpenInput, paymentRef: string | undefined, amount = 10_000): FollowUpInput {
  return followUpOf(open, randomUUID() as TransactionId, amount, { transactionId: open.transactionId, ...(paymentRef ? { providerRef: paymentRef } : {}) });
}

export interface ItemFields {
  readonly eventCode: string;
  readonly success?: boolean;
  readonly pspReference: string;
  readonly originalReference?: string;
  readonly merchantReference: string;
  readonly amount: number;
  readonly currency?: string;
  readonly reason?: string;
  readonly paymentMethod?: string;
  readonly merchantAccountCode?: string;
  readonly additionalData?: Record<string, string>;
  readonly eventDate?: string;
}

/** A NotificationRequestItem signed with `hmacKey` (the contract's, unless a test forges it). */
export function notificationItem(fields: ItemFields, hmacKey = HMAC_KEY): Record<string, unknown> {
  const item = {
    eventCode: fields.eventCode,
    success: String(fields.success ?? true),
    pspReference: fields.pspReference,
    ...(fields.originalReference ? { originalReference: fields.originalReference } : {}),
    merchantAccountCode: fields.merchantAccountCode ?? MERCHANT_ACCOUNT,
    merchantReference: fields.merchantReference,
    amount: { value: fields.amount, currency: fields.currency ?? 'EUR' },
    eventDate: fields.eventDate ?? '2026-01-01T10:00:00+01:00',
    reason: fields.reason ?? '',
    ...(fields.paymentMethod ? { paymentMethod: fields.paymentMethod } : {}),
    operations: ['CANCEL', 'CAPTURE', 'REFUND'],
  };
  return { NotificationRequestItem: { ...item, additionalData: { ...fields.additionalData, hmacSignature: itemHmac(item, hmacKey) } } };
}

/** The webhook as Adyen posts it: a batch of items. */
export function webhook(items: Record<string, unknown>[]): InboundNotification {
  return { headers: { 'content-type': 'application/json' }, rawBody: JSON.stringify({ live: 'false', notificationItems: items }), query: {} };
}

export const silentLogger: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
/** Metrics for a test that does not read them. */
export const uncountedMetrics: Metrics = { increment: () => undefined };
