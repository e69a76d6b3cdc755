import type { DriverCapabilities, FollowUpInput, Logger, MethodKind, OpenInput, ConfirmInput, OpenOutput, OperationOutput, PspFact } from '@splitpay/domain';
import { ackOf, isInProgress, str } from '../client/adyen-ack';
import type { AdyenClient, AdyenResult } from '../client/adyen.client';
import { toAdyenAmount } from '../mapping/adyen-amount';
import { paymentResult, type PaymentResultOptions } from '../mapping/payment-result';
import { readAdyenSettings, type AdyenSettings } from '../settings/adyen.settings';
import { HELD_SECRET_PAUSES_MS, HELD_SECRET_TRIES, HELD_SECRET_WITHIN_MS, postUntilAnswered, sleep } from './answered-post';

export interface AdyenDriverDeps {
  readonly client: AdyenClient;
  readonly logger: Logger;
  /** How a resend of a call carrying the payer's one-time secret waits (answered-post.ts); default a timer. */
  readonly pause?: (ms: number) => Promise<void>;
}

type Modification = 'captures' | 'cancels' | 'refunds';
const FACT_OF = { captures: 'captured', cancels: 'voided', refunds: 'refunded' } as const;

export const rejected = (code: string, message: string, category?: 'invalid-card-data'): OperationOutput => ({
  ack: { outcome: 'rejected', code, message, ...(category ? { category } : {}) },
  facts: [],
});

/** An amount Adyen's unit cannot carry (a fraction of a rupiah or an escudo, D106): refused before any call. */
const unsupportedAmount = (currency: string): OperationOutput => ({
  ack: { outcome: 'rejected', code: 'UNSUPPORTED_AMOUNT', message: `Adyen takes no fraction of a unit in ${currency}`, category: 'method-unavailable' },
  facts: [],
});

/** The typed settings of a call, or the rejected answer naming the missing one. */
export function settingsOf(raw: Readonly<Record<string, unknown>>): AdyenSettings | OperationOutput {
  const settings = readAdyenSettings(raw);
  return 'missing' in settings ? rejected('configuration', `the contract setting ${settings.missing} is missing`) : settings;
}

export const isOutput = (value: AdyenSettings | OperationOutput): value is OperationOutput => 'ack' in value;

/**
 * What Adyen's card and Apple Pay drivers share, Checkout API v71: `/payments` and its answer's
 * mapping, and the modifications (captures, cancels, refunds on the payment's pspReference). Every
 * POST carries our transaction id as its Idempotency-Key and as the `reference` Adyen echoes in its
 * webhooks. Adyen has no status query: an overdue verdict waits for its AUTHORISATION webhook.
 */
export abstract class AdyenDriverBase {
  readonly provider = 'adyen';
  abstract readonly method: MethodKind;
  abstract readonly capabilities: DriverCapabilities;

  constructor(protected readonly deps: AdyenDriverDeps) {}

  abstract open(input: OpenInput): Promise<OpenOutput>;

  capture(input: FollowUpInput): Promise<OperationOutput> {
    return this.modify('captures', input);
  }

  void(input: FollowUpInput): Promise<OperationOutput> {
    return this.modify('cancels', input);
  }

  refund(input: FollowUpInput): Promise<OperationOutput> {
    return this.modify('refunds', input);
  }

  protected paymentBase(settings: AdyenSettings, input: OpenInput | ConfirmInput): Record<string, unknown> {
    return {
      amount: toAdyenAmount(input.amount),
      reference: input.transactionId,
      merchantOrderReference: input.reference,
      merchantAccount: settings.merchantAccount,
    };
  }

  /** `/payments` (it carries the payer's card or wallet token: sent while unanswered) and its answer as our ack, redirect and facts. */
  protected async pay(settings: AdyenSettings, body: Record<string, unknown>, input: OpenInput | ConfirmInput, options: PaymentResultOptions = {}): Promise<OpenOutput> {
    if (!toAdyenAmount(input.amount)) return unsupportedAmount(input.amount.currency);
    const result = await this.postWhileHeld(settings, '/payments', body, input.transactionId);
    return paymentResult(result, input.transactionId, input.amount, options);
  }

  /**
   * A call carrying a one-time secret of the payer's that nothing could send later (a wallet token,
   * the encrypted card, a 3-D Secure result): sent again with the same key and body while Adyen gives
   * no usable answer, within one deadline (answered-post.ts); each failed send logged.
   */
  protected postWhileHeld(settings: AdyenSettings, path: string, body: Record<string, unknown>, idempotencyKey: string): Promise<AdyenResult> {
    const calls = this.deps.client.within(HELD_SECRET_WITHIN_MS);
    const plan = { tries: HELD_SECRET_TRIES, pausesMs: HELD_SECRET_PAUSES_MS, pause: this.deps.pause ?? sleep };
    return postUntilAnswered(
      calls,
      async (timed) => {
        const result = await timed.post(settings, path, body, idempotencyKey);
        this.logFailure(path, result);
        return result;
      },
      plan,
    );
  }

  private async modify(kind: Modification, input: FollowUpInput): Promise<OperationOutput> {
    const settings = settingsOf(input.settings);
    if (isOutput(settings)) return settings;
    // Adyen modifies the payment: a refund names the payment's pspReference, not its capture's.
    const amount = toAdyenAmount(input.amount);
    if (kind !== 'cancels' && !amount) return unsupportedAmount(input.amount.currency);
    const paymentRef = input.opening?.providerRef ?? input.target.providerRef;
    if (!paymentRef) return { ack: { outcome: 'rejected', code: 'no-psp-reference', message: 'the payment has no Adyen reference yet' }, facts: [this.failed(kind, input, 'no-psp-reference')] };
    const body = {
      merchantAccount: settings.merchantAccount,
      reference: input.transactionId,
      ...(kind === 'cancels' ? {} : { amount }),
    };
    const result = await this.deps.client.post(settings, `/payments/${encodeURIComponent(paymentRef)}/${kind}`, body, input.transactionId);
    this.logFailure(`/payments/{pspReference}/${kind}`, result);
    const ack = ackOf(result);
    // Adyen refusing the modification itself (validation 422, unknown payment 404) is final: a failed verdict.
    // Not its 704 (the key's first request still in progress): that one may yet be made.
    const final = result.kind === 'answer' && (result.status === 422 || result.status === 404) && !isInProgress(result);
    return { ack, facts: final ? [this.failed(kind, input, ack.code ?? String(result.status), ack.message)] : [] };
  }

  private failed(kind: Modification, input: FollowUpInput, code: string, message?: string): PspFact {
    return { kind: FACT_OF[kind], success: false, ref: { transactionId: input.transactionId }, statusCode: code, ...(message ? { statusMessage: message } : {}) };
  }

  /** A call without a usable answer, logged by its path and cause only (never a body or a header). */
  protected logFailure(path: string, result: AdyenResult): void {
    if (result.kind === 'transport') this.deps.logger.warn('adyen.call_failed', { method: this.method, path, cause: result.cause });
    else if (result.status >= 400) this.deps.logger.warn('adyen.call_refused', { method: this.method, path, status: result.status, errorCode: str(result.body.errorCode) });
  }
}
