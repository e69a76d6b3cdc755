import type { DriverCall, DriverCapabilities, FollowUpInput, FollowUpLookupInput, LookupInput, Logger, OpenInput, OpenOutput, OperationOutput, OperationRef, PspDriver, PspFact, ReturnInput } from '@splitpay/domain';
import { ackOf, KEY_REFUSED } from '../client/worldline-ack';
import type { WorldlineCalls, WorldlineClient, WorldlineResult } from '../client/worldline.client';
import { hostedCheckoutFacts, readCreatedHostedCheckout, readHostedCheckout } from '../mapping/hosted-checkout';
import { openingFacts } from '../mapping/payment-status';
import { firstError, openingId, readPayment } from '../mapping/worldline-payment';
import { isHostedCheckout, productOf } from '../settings/product-flow';
import { readWorldlineSettings, type WorldlineSettings } from '../settings/worldline.settings';
import { WORLDLINE_ANCV_CAPABILITIES, WORLDLINE_WERO_CAPABILITIES, worldlineCapabilities } from './capabilities';
import { lookUpFollowUp } from './follow-up-lookup';
import { cancelRequest, captureRequest, refundRequest } from './follow-up-request';
import { hostedCheckoutRequest, paymentRequest } from './opening-request';

export interface WorldlineDriverDeps {
  readonly client: WorldlineClient;
  readonly logger: Logger;
}

type FollowUp = 'capture' | 'cancel' | 'refund';
const FACT_OF = { capture: 'captured', cancel: 'voided', refund: 'refunded' } as const;
/** The status of a follow-up's answer that is its final verdict (true: done, false: refused); others wait for the webhook. */
const VERDICT_OF: Record<FollowUp, Readonly<Record<string, boolean>>> = {
  capture: { CAPTURED: true, REJECTED_CAPTURE: false },
  cancel: { CANCELLED: true },
  refund: { REFUNDED: true, REJECTED: false },
};

/** A path as logged: without the ids of payments and hosted checkouts. */
const pathShape = (path: string): string => path.replace(/\/(payments|hostedcheckouts)\/[^/]+/, '/$1/{id}');

const rejected = (code: string, message: string): OperationOutput => ({ ack: { outcome: 'rejected', code, message }, facts: [] });

/** The lookup of an opening Worldline never answered (no payment id, no redirect for the payer) (D143-c). */
const neverAnswered = (input: LookupInput): OperationOutput => ({
  ack: { outcome: 'unknown', code: 'no-psp-reference', message: 'Worldline never answered the opening' },
  facts: [{ kind: 'declined', ref: { transactionId: input.target.transactionId ?? input.transactionId }, category: 'method-unavailable', statusCode: 'no-psp-reference', statusMessage: 'Worldline never answered the opening: no payer was sent to approve it' }],
});

/** An opening refused our key: nothing was created, so the payer may pay otherwise at once (D143-b). */
const keyRefused = (result: WorldlineResult): OpenOutput => ({ ack: { ...ackOf(result), outcome: 'rejected', category: 'method-unavailable' }, facts: [] });

/**
 * Worldline Direct, server to server: the opening is a redirect payment (`/payments`) of one product
 * (Wero 900, ANCV 5412) whose redirect sends the payer to the app, or for ANCV on 5403 a hosted checkout
 * (`/hostedcheckouts`, the only flow Worldline documents for it); its verdict is read by GET (return
 * door, overdue lookup) or comes in the webhooks. Wero is a hold or a direct payment as the contract
 * says (`operation`). Every POST carries our transaction id as X-GCS-Idempotence-Key, and the opening
 * sends it as `merchantReference`, which Worldline echoes in its webhooks.
 */
export class WorldlineDriver implements PspDriver {
  readonly provider = 'worldline';
  /** Without a contract: Wero a hold, ANCV a direct sale. */
  readonly capabilities: DriverCapabilities;

  constructor(
    readonly method: 'wero' | 'ancv',
    private readonly deps: WorldlineDriverDeps,
  ) {
    this.capabilities = method === 'wero' ? WORLDLINE_WERO_CAPABILITIES : WORLDLINE_ANCV_CAPABILITIES;
  }

  capabilitiesFor(settings: Readonly<Record<string, unknown>>): DriverCapabilities {
    return worldlineCapabilities(this.method, settings);
  }

  async open(input: OpenInput): Promise<OpenOutput> {
    const settings = readWorldlineSettings(input.settings);
    if ('missing' in settings) return rejected('configuration', `the contract setting ${settings.missing} is missing or unusable`);
    const product = this.productOf(input, settings);
    if (isHostedCheckout(product)) return this.openHostedCheckout(settings, input, product);
    const result = await this.deps.client.post(settings, '/payments', paymentRequest(input, product), input.transactionId);
    this.logFailure('/payments', result);
    if (result.kind === 'transport') return { ack: ackOf(result), facts: [] };
    if (KEY_REFUSED.includes(result.status)) return keyRefused(result);
    const payment = readPayment(result.body.payment) ?? readPayment((result.body.paymentResult as Record<string, unknown> | undefined)?.payment);
    const ack = ackOf(result, payment?.id);
    const facts = payment ? openingFacts(payment, { asked: input.amount, payerChoosesAmount: this.capabilities.payerChosenPartial }) : [];
    const action = result.body.merchantAction as { actionType?: string; redirectData?: { redirectURL?: string } } | undefined;
    const url = action?.actionType === 'REDIRECT' ? action.redirectData?.redirectURL : undefined;
    // A payment Worldline is already collecting (CAPTURE_REQUESTED) has no verdict yet but is no refusal: the lookups decide (D86).
    const collecting = payment?.status === 'CAPTURE_REQUESTED';
    // No id, no payer sent: an opening recorded without a Worldline id is one no payer can approve (D143-c).
    if (ack.outcome === 'accepted' && url && !payment) {
      return { ack: { ...ack, outcome: 'rejected', code: 'no-payment-id', message: 'Worldline answered a redirect without naming its payment' }, facts: [] };
    }
    if (ack.outcome === 'accepted' && !url && facts.length === 0 && !collecting) {
      return { ack: { ...ack, outcome: 'rejected', code: 'no-redirect', message: 'Worldline answered without a redirect for the payer' }, facts: [] };
    }
    const declined = facts.find((f) => f.kind === 'declined');
    const category = declined && declined.kind === 'declined' ? declined.category : undefined;
    return { ack: ack.outcome === 'rejected' && category ? { ...ack, category } : ack, ...(url ? { redirect: { kind: 'navigate', url } } : {}), facts };
  }

  /** The payer is back from the app: the payment's status says the verdict, or that it is still pending. */
  completeReturn(input: ReturnInput): Promise<OperationOutput> {
    return this.status(input, input.target, input.amount);
  }

  /**
   * GET /v2/{merchantId}/payments/{paymentId} (or the hosted checkout's created payment): authoritative
   * for an overdue verdict. An opening whose call got no answer never named a payment nor sent a payer
   * to approve one, so nothing can ever be taken under it: declined, the payer may pay otherwise (D143-c).
   */
  async lookup(input: LookupInput): Promise<OperationOutput> {
    if (!input.target.providerRef) return neverAnswered(input);
    return this.status(input, input.target, input.amount);
  }

  capture(input: FollowUpInput): Promise<OperationOutput> {
    return this.followUp('capture', input, captureRequest(input));
  }

  void(input: FollowUpInput): Promise<OperationOutput> {
    return this.followUp('cancel', input, cancelRequest(input));
  }

  refund(input: FollowUpInput): Promise<OperationOutput> {
    return this.followUp('refund', input, refundRequest(input));
  }

  /** A capture, void or refund Worldline answered without its verdict (CAPTURE_REQUESTED, REFUND_REQUESTED): where it stands now. */
  async lookupFollowUp(input: FollowUpLookupInput): Promise<OperationOutput> {
    const settings = readWorldlineSettings(input.settings);
    if ('missing' in settings) return { ack: { outcome: 'unknown', code: 'configuration', message: `the contract setting ${settings.missing} is missing or unusable` }, facts: [] };
    const ref = input.opening.providerRef;
    if (!ref) return { ack: { outcome: 'unknown', code: 'no-psp-reference', message: 'the payment has no Worldline id' }, facts: [] };
    const calls = this.deps.client.operation();
    const found = await this.paymentOf(calls, input, settings, ref);
    if ('output' in found) return { ack: found.output.ack, facts: [] };
    return lookUpFollowUp((s, path) => this.get(s, path, calls), settings, found.paymentId, input);
  }

  /** The hosted checkout's id is the opening's reference until its created payment is read (return, lookup, follow-ups). */
  private async openHostedCheckout(settings: WorldlineSettings, input: OpenInput, product: number): Promise<OpenOutput> {
    const result = await this.post(settings, '/hostedcheckouts', hostedCheckoutRequest(input, product), input.transactionId);
    if (result.kind === 'transport') return { ack: ackOf(result), facts: [] };
    if (KEY_REFUSED.includes(result.status)) return keyRefused(result);
    const created = readCreatedHostedCheckout(result.body);
    const ack = ackOf(result, created?.id);
    if (ack.outcome !== 'accepted') return { ack, facts: [] };
    if (!created) return { ack: { ...ack, outcome: 'rejected', code: 'no-redirect', message: 'Worldline answered without a hosted checkout for the payer' }, facts: [] };
    return { ack, redirect: { kind: 'navigate', url: created.url }, facts: [] };
  }

  private async status(call: DriverCall, target: OperationRef, asked: OpenInput['amount']): Promise<OperationOutput> {
    const settings = readWorldlineSettings(call.settings);
    if ('missing' in settings) return rejected('configuration', `the contract setting ${settings.missing} is missing or unusable`);
    const ref = target.providerRef;
    if (!ref) return rejected('no-psp-reference', 'the payment has no Worldline id yet');
    const context = { asked, payerChoosesAmount: this.capabilities.payerChosenPartial };
    if (isHostedCheckout(this.productOf(call, settings))) {
      const result = await this.get(settings, `/hostedcheckouts/${encodeURIComponent(ref)}`);
      const checkout = result.kind === 'answer' && result.status === 200 ? readHostedCheckout(result.body) : undefined;
      return { ack: ackOf(result, ref), facts: checkout ? hostedCheckoutFacts(checkout, context, target) : [] };
    }
    const result = await this.get(settings, `/payments/${encodeURIComponent(ref)}`);
    const payment = result.kind === 'answer' ? readPayment(result.body) : undefined;
    return { ack: ackOf(result, payment?.id), facts: payment ? openingFacts(payment, context) : [] };
  }

  /**
   * The Worldline payment a follow-up acts on: the opening's reference, or for a hosted checkout the
   * payment it created (asked first; no answer is an unknown ack, retried with the same key).
   */
  private async paymentOf(calls: WorldlineCalls, call: DriverCall, settings: WorldlineSettings, ref: string): Promise<{ paymentId: string } | { output: OperationOutput }> {
    if (!isHostedCheckout(this.productOf(call, settings))) return { paymentId: ref };
    const result = await this.get(settings, `/hostedcheckouts/${encodeURIComponent(ref)}`, calls);
    if (result.kind === 'transport' || ackOf(result).outcome === 'unknown') return { output: { ack: ackOf(result), facts: [] } };
    const payment = result.status === 200 ? readHostedCheckout(result.body).payment : undefined;
    return payment ? { paymentId: payment.id } : { output: rejected('no-payment', 'the hosted checkout created no Worldline payment') };
  }

  private async followUp(kind: FollowUp, input: FollowUpInput, body: object): Promise<OperationOutput> {
    const settings = readWorldlineSettings(input.settings);
    if ('missing' in settings) return rejected('configuration', `the contract setting ${settings.missing} is missing or unusable`);
    // A refund's target is the capture; Worldline's operations all hang on the payment (its opening).
    const ref = input.opening?.providerRef ?? input.target.providerRef;
    if (!ref) return { ...rejected('no-psp-reference', 'the payment has no Worldline id yet'), facts: [this.failed(kind, input, 'no-psp-reference')] };
    // The hosted checkout's read and the action share one timeout (D101).
    const calls = this.deps.client.operation();
    const found = await this.paymentOf(calls, input, settings, ref);
    if ('output' in found) {
      const { ack } = found.output;
      return ack.outcome === 'rejected' ? { ack, facts: [this.failed(kind, input, ack.code ?? 'no-payment', `Worldline cannot ${kind}: ${ack.message ?? ''}`)] } : found.output;
    }
    const paymentId = found.paymentId;
    const result = await this.post(settings, `/payments/${encodeURIComponent(openingId(paymentId))}/${kind}`, body, input.transactionId, calls);
    if (result.kind === 'transport') return { ack: ackOf(result), facts: [] };
    // A cancel answers the payment; a capture or refund answers its own operation.
    const operation = readPayment(kind === 'cancel' ? result.body.payment : result.body);
    const ack = ackOf(result, operation?.id);
    if (ack.outcome === 'rejected') {
      // Worldline refusing the request itself (more than held, a voucher not refundable) is final.
      return { ack, facts: [this.failed(kind, input, ack.code ?? String(ack.httpStatus), `Worldline refused the ${kind}${ack.message ? `: ${ack.message}` : ''}`)] };
    }
    const verdict = operation ? VERDICT_OF[kind][operation.status] : undefined;
    if (verdict === undefined || !operation) return { ack, facts: [] };
    const error = firstError(operation.statusOutput?.errors);
    const fact: PspFact = {
      kind: FACT_OF[kind],
      success: verdict,
      ref: { transactionId: input.transactionId, providerRef: operation.id },
      providerRef: operation.id,
      statusCode: String(operation.statusOutput?.statusCode ?? operation.status),
      ...(verdict ? {} : { statusMessage: `Worldline refused the ${kind}${error.message ? `: ${error.message}` : ''}` }),
    };
    return { ack, facts: [fact] };
  }

  /** The product of the session's flow, as its offer recorded it (not the contract's current setting). */
  private productOf(call: DriverCall, settings: WorldlineSettings): number {
    return productOf(this.method, call.offer.capabilities, settings);
  }

  private async post(settings: WorldlineSettings, path: string, body: unknown, key: string, calls: WorldlineCalls = this.deps.client): Promise<WorldlineResult> {
    const result = await calls.post(settings, path, body, key);
    this.logFailure(pathShape(path), result);
    return result;
  }

  private async get(settings: WorldlineSettings, path: string, calls: WorldlineCalls = this.deps.client): Promise<WorldlineResult> {
    const result = await calls.get(settings, path);
    this.logFailure(pathShape(path), result);
    return result;
  }

  private failed(kind: FollowUp, input: FollowUpInput, code: string, message?: string): PspFact {
    return { kind: FACT_OF[kind], success: false, ref: { transactionId: input.transactionId }, statusCode: code, ...(message ? { statusMessage: message } : {}) };
  }

  /** A call without a usable answer, logged by its path and cause only (never a body or a header). */
  private logFailure(path: string, result: WorldlineResult): void {
    if (result.kind === 'transport') this.deps.logger.warn('worldline.call_failed', { method: this.method, path, cause: result.cause });
    else if (result.status >= 400) this.deps.logger.warn('worldline.call_refused', { method: this.method, path, status: result.status, errorCode: firstError(result.body.errors).code });
  }
}
