import type { DriverAck, DriverCapabilities, FollowUpInput, FollowUpLookupInput, LookupInput, Logger, Money, OpenInput, OpenOutput, OperationOutput, PspDriver, PspFact, ReturnInput } from '@splitpay/domain';
import { ackOf } from '../client/oney-ack';
import { purchasePath, PURCHASE_PATH } from '../client/oney-paths';
import type { OneyCalls, OneyClient, OneyResult } from '../client/oney.client';
import { toMajor } from '../mapping/amounts';
import { followUpStatusFacts } from '../mapping/follow-up-status';
import { purchaseRequest } from '../mapping/purchase-request';
import { awaitsPayer, FUNDED_STATUSES, paymentAmountOf, purchaseStatusOf, statusFactsOf, type PurchaseStatus } from '../mapping/purchase-status';
import { isFailReturn } from '../mapping/return-url';
import { currencyOf, planSettingName, readOneySettings, type OneySettings } from '../settings/oney.settings';
import { ONEY_CAPABILITIES } from './capabilities';

export interface OneyDriverDeps {
  readonly client: OneyClient;
  readonly logger: Logger;
}

/** Cancellation reason sent on a void or refund: 0 = a plain cancellation (1 would report fraud). */
const CANCELLATION_REASON = 0;

const rejected = (code: string, message: string): OperationOutput => ({ ack: { outcome: 'rejected', code, message }, facts: [] });

/**
 * Oney 3x/4x (Facily Pay merchant API). The purchase is named by our opening's transaction id
 * (`CMDE|<id>`): its status query, its confirm (capture) and its cancels (void, refund) all act on
 * that reference. Each request's `merchant_request_id` is our transaction id of the operation: unique
 * per operation, the same on the retry of one whose answer never came. The calls of one capture, void
 * or refund (the status query, then the action) share one timeout (`OneyClient.operation`).
 */
export class OneyDriver implements PspDriver {
  readonly provider = 'oney';
  readonly method = 'oney' as const;
  readonly capabilities: DriverCapabilities = ONEY_CAPABILITIES;

  constructor(private readonly deps: OneyDriverDeps) {}

  async open(input: OpenInput): Promise<OpenOutput> {
    const settings = readOneySettings(input.settings);
    if ('missing' in settings) return rejected('configuration', `the contract setting ${settings.missing} is missing`);
    if (!input.plan) return rejected('no-plan', 'an Oney purchase needs the financing plan the payer chose');
    const productCode = settings.businessTransactions[planSettingName(input.plan)];
    if (!productCode) return rejected('configuration', `the contract setting ${planSettingName(input.plan)} is missing for the chosen plan`);
    const lent = currencyOf(settings.countryCode);
    if (input.amount.currency !== lent) {
      const message = `Oney lends in ${lent} under this contract, not in ${input.amount.currency}`;
      return { ack: { outcome: 'rejected', code: 'UNSUPPORTED_CURRENCY', message, category: 'method-unavailable' }, facts: [] };
    }
    const result = await this.deps.client.post(settings, PURCHASE_PATH, purchaseRequest(settings, input, productCode));
    this.logFailure('purchase', result);
    const ack = ackOf(result);
    // Our key refused (401, 403): nothing was created, so the payer may pay otherwise at once.
    if (ack.httpStatus === 401 || ack.httpStatus === 403) return { ack: { ...ack, outcome: 'rejected' }, facts: [] };
    if (ack.outcome !== 'accepted') return { ack, facts: [] };
    const url = result.kind === 'answer' && typeof result.body.returned_url === 'string' ? result.body.returned_url : undefined;
    if (!url || !/^https:\/\//.test(url)) return { ack: { outcome: 'unknown', httpStatus: ack.httpStatus, message: 'Oney answered without a payment page URL' }, facts: [] };
    // Oney names the purchase by our reference: its back office shows CMDE|<our transaction id>.
    return { ack: { ...ack, providerRef: `CMDE|${input.transactionId}` }, redirect: { kind: 'navigate', url }, facts: [] };
  }

  /**
   * Confirm: once, after FAVORABLE, up to the purchase's amount (Oney funds what is confirmed). Oney
   * has no idempotency key and refuses a second confirm: every confirm asks the status query first
   * (D88-f; since D134 the worker's send after a sender that died after its confirm says `tries` 1,
   * the query stays as cheap insurance); FUNDED is captured, FAVORABLE sends the confirm.
   */
  async capture(input: FollowUpInput): Promise<OperationOutput> {
    const read = await this.statusFirst(input);
    if ('ack' in read) return read;
    const { settings, reference, calls, now } = read;
    if (now.statusCode !== 'FAVORABLE') return statusVerdict('captured', input, now, FUNDED_STATUSES.has(now.statusCode));
    const body = { language_code: 'FR', merchant_request_id: input.transactionId, payment: { payment_amount: toMajor(input.amount) } };
    const result = await calls.post(settings, `${purchasePath(settings, reference)}/action/confirm`, body);
    this.logFailure('confirm', result);
    return this.followUpOutput('captured', input, result, (status) => FUNDED_STATUSES.has(status));
  }

  /**
   * Cancel of the whole purchase (a hold, a file still studied, a grant handed back): the status query
   * first, since a confirm whose answer was lost may have funded it (then the payer's down payment is
   * refunded too), and a cancel whose answer was lost may have gone through (CANCELLED: voided).
   */
  async void(input: FollowUpInput): Promise<OperationOutput> {
    const read = await this.statusFirst(input);
    if ('ack' in read) return read;
    const { calls, now } = read;
    if (now.statusCode === 'CANCELLED') return statusVerdict('voided', input, now, true);
    return this.cancel(calls, 'voided', input, FUNDED_STATUSES.has(now.statusCode));
  }

  /**
   * The purchase's contract and its status now, read within the operation's one deadline (the calls
   * that follow share it), or the output when either cannot be had.
   */
  private async statusFirst(
    input: FollowUpInput,
  ): Promise<OperationOutput | { readonly settings: OneySettings; readonly reference: string; readonly calls: OneyCalls; readonly now: PurchaseStatus }> {
    const purchase = purchaseOf(input);
    if ('ack' in purchase) return purchase;
    const calls = this.deps.client.operation();
    const now = await readStatus(calls, purchase.settings, purchase.reference, this.deps.logger);
    if ('ack' in now) return { ack: now.ack, facts: [] };
    return { ...purchase, calls, now };
  }

  /**
   * A slice (or all) of the funded purchase handed back. Sent again after a send Oney may have taken
   * only when the status query shows it did not go through: a refund of all that remains would have
   * ended the purchase CANCELLED, so FUNDED says it was not taken (D154); CANCELLED is the refund done.
   * A slice leaves the purchase FUNDED whether it went through or not, so an unanswered one is left to
   * the operator, never sent twice.
   */
  async refund(input: FollowUpInput): Promise<OperationOutput> {
    if (!isResend(input)) return this.cancel(this.deps.client.operation(), 'refunded', input, true);
    const purchase = purchaseOf(input);
    if ('ack' in purchase) return purchase;
    const { settings, reference } = purchase;
    const calls = this.deps.client.operation();
    const now = await readStatus(calls, settings, reference, this.deps.logger);
    if (!('ack' in now) && now.statusCode === 'CANCELLED') return statusVerdict('refunded', input, now, true);
    if (!('ack' in now) && input.wholeRemainder === true && FUNDED_STATUSES.has(now.statusCode)) return this.cancel(calls, 'refunded', input, true);
    const why = 'ack' in now ? 'its status query gave no answer' : `the purchase is ${now.statusCode}, which a partial cancel leaves as it was`;
    const ack: DriverAck = {
      outcome: 'unknown',
      unverifiable: true,
      ...('ack' in now ? {} : { code: now.statusCode }),
      message: `Oney may have taken the cancel sent before (${why}): not sent again`,
    };
    return { ack, facts: [] };
  }

  /**
   * The payer is back from Oney's pages. Through the fail_url (marked) the payer left without a
   * purchase: the status query says what Oney holds, and a file still waiting for the payer's form or
   * documents, or abandoned, is cancelled by the payer. Through the success_url the verdict comes
   * out-of-band (a notification, or the status query once overdue).
   */
  async completeReturn(input: ReturnInput): Promise<OperationOutput> {
    if (!isFailReturn(input.params)) return { ack: { outcome: 'accepted' }, facts: [] };
    const settings = readOneySettings(input.settings);
    if ('missing' in settings) return rejected('configuration', `the contract setting ${settings.missing} is missing`);
    const reference = input.target.transactionId;
    if (!reference) return rejected('no-reference', 'the purchase has no reference');
    const now = await readStatus(this.deps.client, settings, reference, this.deps.logger);
    if ('ack' in now) return { ack: now.ack, facts: [] };
    const ack: DriverAck = { outcome: 'accepted', code: now.statusCode };
    if (!awaitsPayer(now)) return { ack, facts: statusFactsOf(now, reference, grantedOf(now, settings, input.amount)) };
    const said = { statusCode: `${now.statusCode}/${now.subStatusCode ?? ''}`, statusMessage: "the payer left Oney's pages before finishing the file" };
    return { ack, facts: [{ kind: 'cancelled-by-payer', ref: { transactionId: reference }, ...said }] };
  }

  /** The purchase's status, authoritative: the facts of what Oney says now about the opening. */
  async lookup(input: LookupInput): Promise<OperationOutput> {
    const settings = readOneySettings(input.settings);
    if ('missing' in settings) return rejected('configuration', `the contract setting ${settings.missing} is missing`);
    const reference = input.target.transactionId;
    if (!reference) return rejected('no-reference', 'the purchase has no reference');
    return statusLookup(this.deps.client, settings, reference, this.deps.logger, input.amount);
  }

  /**
   * A capture, void or refund given up without its verdict (D154): the purchase's status settles it
   * when it proves it done; else no fact, the operation stays pending for the operator.
   */
  async lookupFollowUp(input: FollowUpLookupInput): Promise<OperationOutput> {
    const settings = readOneySettings(input.settings);
    if ('missing' in settings) return rejected('configuration', `the contract setting ${settings.missing} is missing`);
    const reference = input.opening.transactionId;
    if (!reference) return rejected('no-reference', 'the purchase has no reference');
    const now = await readStatus(this.deps.client.operation(), settings, reference, this.deps.logger);
    if ('ack' in now) return { ack: now.ack, facts: [] };
    return { ack: { outcome: 'accepted', code: now.statusCode }, facts: followUpStatusFacts(input.type, now, input.transactionId) };
  }

  /** Cancel (before the confirm, or after it: `afterFunding`, the payer's down payment refunded too): the amount handed back and the reason. */
  private async cancel(calls: OneyCalls, kind: 'voided' | 'refunded', input: FollowUpInput, afterFunding: boolean): Promise<OperationOutput> {
    const purchase = purchaseOf(input);
    if ('ack' in purchase) return purchase;
    const { settings, reference } = purchase;
    const body = {
      merchant_request_id: input.transactionId,
      language_code: 'FR',
      purchase: { cancellation_reason_code: CANCELLATION_REASON, cancellation_amount: toMajor(input.amount), refund_down_payment: afterFunding },
    };
    const result = await calls.post(settings, `${purchasePath(settings, reference)}/action/cancel`, body);
    this.logFailure('cancel', result);
    // A cancel answered 2xx went through: the purchase is CANCELLED, or still FUNDED after a slice.
    const output = this.followUpOutput(kind, input, result, (status) => status === 'CANCELLED' || FUNDED_STATUSES.has(status));
    if (kind !== 'voided') return output;
    return { ...output, facts: [...grantStated(result, reference, input.amount), ...output.facts] };
  }

  /** 2xx with a status that says done: success; Oney refusing the request (4xx): a final failure; else no verdict (retried). */
  private followUpOutput(kind: 'captured' | 'voided' | 'refunded', input: FollowUpInput, result: OneyResult, done: (status: string) => boolean): OperationOutput {
    const ack = ackOf(result);
    const ref = { transactionId: input.transactionId };
    if (ack.outcome === 'rejected') {
      return { ack, facts: [{ kind, success: false, ref, statusCode: ack.code ?? String(ack.httpStatus), ...(ack.message ? { statusMessage: ack.message } : {}) }] };
    }
    if (ack.outcome !== 'accepted' || result.kind !== 'answer') return { ack, facts: [] };
    const status = purchaseStatusOf(result.body);
    const fact: PspFact = status && !done(status.statusCode)
      ? { kind, success: false, ref, statusCode: status.statusCode, ...(status.statusLabel ? { statusMessage: status.statusLabel } : {}) }
      : { kind, success: true, ref, ...(status ? { statusCode: status.statusCode } : {}), ...(status?.statusLabel ? { statusMessage: status.statusLabel } : {}) };
    return { ack: { ...ack, ...(status ? { code: status.statusCode } : {}) }, facts: [fact] };
  }

  private logFailure(call: string, result: OneyResult): void {
    logOneyFailure(this.deps.logger, call, result);
  }
}

/**
 * A cancel of a file the lender was still studying, answered FAVORABLE: the lender granted it
 * meanwhile and the cancel did not go through. The answer states the purchase's status as a lookup
 * would: the grant of the opening (named by `reference`, our opening's transaction id) is a fact, put
 * before the failed void so that the service records the grant and hands it back at once. The amount
 * is the purchase's when given and not above the cancel's (the whole file), else the cancel's.
 */
function grantStated(result: OneyResult, reference: string, asked: Money): readonly PspFact[] {
  if (result.kind !== 'answer' || ackOf(result).outcome !== 'accepted') return [];
  const status = purchaseStatusOf(result.body);
  if (status?.statusCode !== 'FAVORABLE') return [];
  const stated = paymentAmountOf(status, asked.currency);
  return statusFactsOf(status, reference, stated && stated.amount <= asked.amount ? stated : asked);
}

/** A call without a usable answer, logged by its name and cause only (never a body or a header). */
export function logOneyFailure(logger: Logger, call: string, result: OneyResult): void {
  if (result.kind === 'transport') logger.warn('oney.call_failed', { call, cause: result.cause });
  else if (result.status >= 400) logger.warn('oney.call_refused', { call, status: result.status });
}

/**
 * The contract's settings and the purchase a follow-up acts on, named by the opening's transaction id
 * (its external reference); else the rejected output.
 */
function purchaseOf(input: FollowUpInput): { readonly settings: OneySettings; readonly reference: string } | OperationOutput {
  const settings = readOneySettings(input.settings);
  if ('missing' in settings) return rejected('configuration', `the contract setting ${settings.missing} is missing`);
  const reference = input.opening?.transactionId ?? input.target.transactionId;
  if (!reference) return rejected('no-reference', 'the purchase has no reference');
  return { settings, reference };
}

/** A capture, void or refund sent before without a usable answer. */
const isResend = (input: FollowUpInput): boolean => (input.tries ?? 0) > 0;

/** The purchase's status now, or the ack of a status query that got no usable answer. */
async function readStatus(client: OneyCalls, settings: OneySettings, reference: string, logger: Logger): Promise<PurchaseStatus | { readonly ack: DriverAck }> {
  const result = await client.get(settings, `${purchasePath(settings, reference)}?language_code=FR`);
  logOneyFailure(logger, 'status', result);
  const ack = ackOf(result);
  if (ack.outcome !== 'accepted' || result.kind !== 'answer') return { ack: ack.outcome === 'rejected' ? { ...ack, outcome: 'unknown' } : ack };
  return purchaseStatusOf(result.body) ?? { ack: { ...ack, outcome: 'unknown', message: 'Oney answered without a status' } };
}

/** A follow-up settled by what the status query says, nothing sent: done, or impossible from that status. */
function statusVerdict(kind: 'captured' | 'voided' | 'refunded', input: FollowUpInput, status: PurchaseStatus, success: boolean): OperationOutput {
  const said = { statusCode: status.statusCode, ...(status.statusLabel ? { statusMessage: status.statusLabel } : {}) };
  return { ack: { outcome: 'accepted', code: status.statusCode }, facts: [{ kind, success, ref: { transactionId: input.transactionId }, ...said }] };
}

/** Oney grants the file as asked: a figure above what was asked is not a larger grant. */
function grantedOf(status: PurchaseStatus, settings: OneySettings, asked?: Money): Money | undefined {
  const stated = paymentAmountOf(status, asked?.currency ?? currencyOf(settings.countryCode));
  return asked ? (stated && stated.amount <= asked.amount ? stated : asked) : stated;
}

/**
 * The status query of the purchase named by `reference` (our opening's transaction id) and its facts.
 * `asked` is the opening's amount when known (a lookup); a notification's check reads the amount from
 * the answer, in the contract's currency.
 */
export async function statusLookup(client: OneyCalls, settings: OneySettings, reference: string, logger: Logger, asked?: Money): Promise<OperationOutput> {
  const result = await client.get(settings, `${purchasePath(settings, reference)}?language_code=FR`);
  logOneyFailure(logger, 'status', result);
  const ack = ackOf(result);
  if (ack.outcome !== 'accepted' || result.kind !== 'answer') return { ack, facts: [] };
  const status = purchaseStatusOf(result.body);
  if (!status) return { ack: { ...ack, outcome: 'unknown', message: 'Oney answered without a status' }, facts: [] };
  return { ack: { ...ack, code: status.statusCode }, facts: statusFactsOf(status, reference, grantedOf(status, settings, asked)) };
}
