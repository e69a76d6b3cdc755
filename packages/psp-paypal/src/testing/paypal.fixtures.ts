import { randomUUID } from 'node:crypto';
import type nock from 'nock';
import { money, type AttemptId, type Clock, type FollowUpInput, type FollowUpLookupInput, type LogFields, type Logger, type LogLevel, type LookupInput, type MethodOffer, type OpenInput, type OperationRef, type ReturnInput, type TransactionId } from '@splitpay/domain';
import { loadNock } from '@splitpay/psp-testkit';
import { PAYPAL_CAPABILITIES } from '../driver/capabilities';

export const SANDBOX = 'https://api-m.sandbox.paypal.com';
export const CLIENT_ID = 'AXclient-id-sandbox';
export const CLIENT_SECRET = 'ELclient-secret-never-logged';
export const WEBHOOK_ID = '8PT597110X687430LKGECATA';
export const SETTINGS = { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, webhookId: WEBHOOK_ID, environment: 'sandbox' } as const;
export const BASIC = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;

/** A clock the test moves. */
export class TestClock implements Clock {
  constructor(public at = Date.now()) {}
  now(): number {
    return this.at;
  }
}

const OFFER: MethodOffer = { id: 'paypal-1', method: 'paypal', provider: 'paypal', capabilities: PAYPAL_CAPABILITIES, partialRefunds: true };

function call(transactionId: string = randomUUID()) {
  return {
    transactionId: transactionId as TransactionId,
    attemptId: randomUUID() as AttemptId,
    reference: 'ORDER-42-a1b2c3d4e',
    offer: OFFER,
    settings: SETTINGS,
  };
}

export function openInput(overrides: Partial<OpenInput> = {}): OpenInput {
  return {
    ...call(),
    amount: money(12_345, 'EUR'),
    registerAlias: false,
    order: { orderId: 'ORDER-42' },
    returnUrl: 'https://pay.splitpay.test/elements/return/0195f2a4-0000-7000-8000-000000000001',
    notificationUrl: 'https://pay.splitpay.test/psp/paypal/notifications',
    ...overrides,
  };
}

export function returnInput(target: OperationRef, params: Record<string, string> = {}, amount = money(12_345, 'EUR')): ReturnInput {
  return { ...call(target.transactionId), target, amount, params };
}

export function lookupInput(target: OperationRef, amount = money(12_345, 'EUR')): LookupInput {
  return { ...call(target.transactionId), target, amount };
}

export function followUpInput(target: OperationRef, amount = money(12_345, 'EUR')): FollowUpInput {
  return { ...call(), target, amount };
}

/** The lookup of our follow-up `operation` (its transaction id, PayPal's id of it when its answer gave one). */
export function followUpLookupInput(type: FollowUpLookupInput['type'], operation: OperationRef, opening: OperationRef, amount = money(12_345, 'EUR')): FollowUpLookupInput {
  return { ...call(operation.transactionId), type, operation, opening, amount };
}

/**
 * PayPal's token endpoint, answering `token` (once unless told) for the test contract's Basic credentials.
 * nock is loaded here, not on import: a test that only reads these fixtures leaves `http` unpatched.
 */
export function tokenEndpoint(token: string, options: { times?: number; expiresIn?: number } = {}): nock.Scope {
  return loadNock()(SANDBOX)
    .post('/v1/oauth2/token', 'grant_type=client_credentials')
    .matchHeader('authorization', BASIC)
    .matchHeader('content-type', 'application/x-www-form-urlencoded')
    .times(options.times ?? 1)
    .reply(200, { scope: 'https://uri.paypal.com/services/payments/payment/authcapture', access_token: token, token_type: 'Bearer', app_id: 'APP-80W284485P519543T', expires_in: options.expiresIn ?? 32_400, nonce: 'n' });
}

/** An order as PayPal shows it once authorized. */
export function authorizedOrder(orderId: string, transactionId: string, options: { authorizationId?: string; status?: string; value?: string; currency?: string } = {}) {
  return {
    id: orderId,
    intent: 'AUTHORIZE',
    status: 'COMPLETED',
    purchase_units: [
      {
        reference_id: 'ORDER-42-a1b2c3d4e',
        custom_id: transactionId,
        amount: { currency_code: options.currency ?? 'EUR', value: options.value ?? '123.45' },
        payments: {
          authorizations: [
            {
              id: options.authorizationId ?? '0VF52814937998046',
              status: options.status ?? 'CREATED',
              amount: { currency_code: options.currency ?? 'EUR', value: options.value ?? '123.45' },
              custom_id: transactionId,
              expiration_time: '2026-12-22T10:00:00Z',
            },
          ],
        },
      },
    ],
  };
}

/** PayPal's error answer with one detail. */
export function paypalError(name: string, issue: string, description = 'PayPal says no.') {
  return { name, message: 'The requested action could not be performed.', debug_id: 'f5e2ab4c1d', details: [{ issue, description }], links: [] };
}

/** A logger that keeps what it is given, for the tests that read the driver's log lines. */
export class RecordingLogger implements Logger {
  readonly lines: { level: LogLevel; event: string; fields?: LogFields }[] = [];
  debug(event: string, fields?: LogFields): void {
    this.lines.push({ level: 'debug', event, ...(fields ? { fields } : {}) });
  }
  info(event: string, fields?: LogFields): void {
    this.lines.push({ level: 'info', event, ...(fields ? { fields } : {}) });
  }
  warn(event: string, fields?: LogFields): void {
    this.lines.push({ level: 'warn', event, ...(fields ? { fields } : {}) });
  }
  error(event: string, fields?: LogFields): void {
    this.lines.push({ level: 'error', event, ...(fields ? { fields } : {}) });
  }
}

export const silentLogger: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
