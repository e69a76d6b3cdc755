import { randomUUID } from 'node:crypto';
import { money, type AttemptId, type FollowUpInput, type Logger, type MethodOffer, type OpenInput, type OperationRef, type TransactionId } from '@splitpay/domain';
import { followUpOf } from '@splitpay/domain/src/testing';
import { ONEY_CAPABILITIES } from '../driver/capabilities';
import type { InboundNotification, PspKitOrder } from './fixture-types';
import { encryptOneyMessage } from '../client/oney-crypto';

export const STAGING_BASE = 'https://oney-staging.azure-api.net';
export const API_KEY = 'oney-kit-api-key-5f1e9c0a7b3d';
export const ENCRYPTION_KEY = Buffer.from('0123456789abcdef0123456789abcdef').toString('base64');

/** A staging contract with the 3x and 4x plans without fees. */
export const SETTINGS = {
  apiKey: API_KEY,
  merchantGuid: 'merchant-guid-7c1f',
  pspGuid: 'psp-guid-92ab',
  countryCode: 'FR',
  businessTransaction3x: 'OPC3X',
  businessTransaction4x: 'OPC4X',
  businessTransaction3xWithFees: 'OPC3XF',
  environment: 'staging',
} as const;

/** The purchase's path at Oney (staging), as nock sees it. */
export const purchasePathOf = (reference: string): string =>
  `/staging/payments/v1/purchase/psp_guid/${SETTINGS.pspGuid}/merchant_guid/${SETTINGS.merchantGuid}/reference/CMDE%7C${reference}`;

export const PURCHASE_PATH = '/staging/payments/v1/purchase/facilypay_url';

/** The body of the status query's answer. */
export function statusAnswer(statusCode: string, amountMajor?: number, subStatusCode?: string): Record<string, unknown> {
  return {
    language_code: 'FR',
    purchase: {
      status_code: statusCode,
      status_label: `status ${statusCode}`,
      ...(subStatusCode ? { sub_status_code: subStatusCode } : {}),
      ...(amountMajor !== undefined ? { payment: { payment_amount: amountMajor } } : {}),
    },
  };
}

/** A notification Oney posts to our server_response_url for a purchase (unsigned, plain or encrypted). */
export function oneyNotification(reference: string, statusCode: string, options: { encryptWith?: string; queryReference?: string } = {}): InboundNotification {
  const body = {
    language_code: 'FR',
    merchant_guid: SETTINGS.merchantGuid,
    oney_request_id: '123456789',
    purchase: { external_reference_type: 'CMDE', external_reference: reference, purchase_merchant: { merchant_guid: SETTINGS.merchantGuid }, status_code: statusCode, status_label: `status ${statusCode}` },
    customer: { customer_external_code: 'ada' },
  };
  const rawBody = options.encryptWith ? JSON.stringify({ encrypted_message: encryptOneyMessage(JSON.stringify(body), options.encryptWith) }) : JSON.stringify(body);
  return { headers: { 'content-type': 'application/json' }, rawBody, query: { reference: options.queryReference ?? reference } };
}

/** A financing order: a cart, the customer, billing and delivery. */
export const FINANCING_ORDER: PspKitOrder = {
  cartItems: [
    {
      label: 'TV',
      quantity: 1,
      amount: money(8_000, 'EUR'),
      detail: { itemId: 'sku-1', category: 'electronics', brand: 'Acme', discount: 0, tax: 1_667, delivery: { type: 'carrier', speed: 'express', expectedDate: '2030-01-10', expectedDelay: 3, label: 'Colissimo' } },
    },
    {
      label: 'Cable',
      quantity: 2,
      amount: money(2_000, 'EUR'),
      detail: { itemId: 'sku-2', category: 'accessories', brand: 'Acme', discount: 0, tax: 333, delivery: { type: 'carrier', speed: 'express', expectedDate: '2030-01-08', expectedDelay: 1, label: 'Colissimo' } },
    },
  ],
  billing: { title: 'mrs', firstName: 'Ada', lastName: 'Lovelace', address: '1 rue de la Paix', postalCode: '75002', city: 'Paris', country: 'FR' as never, mobilePhone: '+33612345678' },
  shipping: { firstName: 'Charles', lastName: 'Babbage', address: '2 avenue Foch', postalCode: '69006', city: 'Lyon', country: 'FR' as never, phone: '+33478000000' },
  customer: { ident: 'cust-42', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test' },
};

export const silentLogger: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

export const offer = (): MethodOffer => ({
  id: 'oney',
  method: 'oney',
  provider: 'oney',
  contractId: 'oney:oney',
  capabilities: ONEY_CAPABILITIES,
  partialRefunds: true,
  plans: [{ installments: 3, withFees: false, feeRate: 0, apr: 0 }],
});

export function openInput(over: Partial<OpenInput> = {}): OpenInput {
  const attemptId = randomUUID() as AttemptId;
  return {
    transactionId: randomUUID() as TransactionId,
    attemptId,
    reference: 'order-42-1a2b3c4d',
    offer: offer(),
    settings: SETTINGS,
    amount: money(10_000, 'EUR'),
    plan: { installments: 3, withFees: false },
    registerAlias: false,
    order: { orderId: 'order-42', ...FINANCING_ORDER },
    returnUrl: `https://pay.example/elements/return/${attemptId}`,
    notificationUrl: 'https://pay.example/psp/oney/notifications',
    ...over,
  };
}

/** A capture, void or refund of the opening `open` (a refund's target is the capture, `opening` the purchase). */
export function followUpInput(open: OpenInput, amount = 10_000, target?: OperationRef): FollowUpInput {
  const opening = { transactionId: open.transactionId, providerRef: `CMDE|${open.transactionId}` };
  return followUpOf(open, randomUUID() as TransactionId, amount, target ?? opening, opening);
}
