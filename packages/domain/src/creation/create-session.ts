import { DomainError } from '../errors/domain-error';
import type { MerchantId, SessionId } from '../ids/ids';
import { contractIdOf, type MerchantAccount } from '../merchant/merchant-account.model';
import { isFinancingMethod, type MethodOffer } from '../method/method';
import { currencyCode, type CountryCode } from '../money/currency';
import { money, zero } from '../money/money';
import type { CartItem, Session } from '../session/session.model';
import { assertUnreachable } from '../shared/brand';
import { checkAlias } from './alias-request.rule';
import { checkBillingFile, checkItemizedCart } from './bnpl-file.rule';
import { resolvePlans } from './bnpl-plan.rule';
import { resolveCardTerms } from './card-offer.rule';
import { checkMethodCount } from './method-count.rule';
import { checkMethodIds, instanceKey } from './method-id.rule';
import { resolveNotification } from './notification-url.rule';
import { checkOrderReference } from './order-reference.rule';
import { loanContract } from './national-contract.rule';
import { capabilitiesUnder, resolveProvider, type PspCatalog } from './provider.rule';
import { checkRecurringExpiry } from './recurring-expiry.rule';
import { checkRequestConsistency } from './request-consistency.rule';
import { checkSessionTtl } from './session-ttl.rule';
import type { MethodEntry, SessionRequest } from './session-request.model';

/** What creating a session needs besides the request. */
export interface CreationContext {
  readonly now: number;
  /** Mints a lowercase UUID v7 (the session id). */
  newId(): string;
  /** The authenticated merchant's account: its contracts, its notification address and whether it agreed a webhook authorization value. */
  readonly account: Pick<MerchantAccount, 'merchantId' | 'contracts' | 'notificationUrl' | 'webhookAuthorizationSealed'>;
  readonly psps: PspCatalog;
  /** ttlMs when the request sets none (docs/decisions.md D17: 15 minutes). */
  readonly defaultTtlMs: number;
  /** Digest of the elements token minted for this session; the token itself is never stored. */
  readonly elementsTokenHash: string;
}

function offerOf(entry: MethodEntry, request: SessionRequest, ctx: CreationContext): MethodOffer | undefined {
  const resolution = resolveProvider(entry, ctx.account, ctx.psps, request.paymentMethodFilters);
  if (resolution.kind === 'not-served') return undefined;
  const id = instanceKey(entry);
  const { contracts, providerNamed } = resolution;
  const contract = isFinancingMethod(entry.method) ? loanContract({ methodId: id, contracts, providerNamed }, request.billing) : contracts[0];
  const capabilities = capabilitiesUnder(resolution.driver, contract);
  const base: MethodOffer = {
    id,
    method: entry.method,
    provider: contract.provider,
    contractId: contractIdOf(contract),
    capabilities,
    partialRefunds: contract.partialRefunds === true && capabilities.partialRefund,
    ...(entry.label !== undefined ? { label: entry.label } : {}),
    ...(entry.range ? { range: { min: entry.range.min, max: entry.range.max } } : {}),
  };
  switch (entry.method) {
    case 'card':
      return { ...base, ...resolveCardTerms(entry, contract, capabilities, request.mustCreateAlias === true) };
    case 'oney':
      return { ...base, plans: resolvePlans(id, entry.plans, contract) };
    case 'applepay':
    case 'paypal':
    case 'wero':
    case 'ancv':
      return base;
    default:
      return assertUnreachable(entry, 'method entry');
  }
}

function cartItemsOf(request: SessionRequest): readonly CartItem[] | undefined {
  return request.cartItems?.map((item) => ({
    label: item.label,
    quantity: item.quantity,
    amount: money(item.amount.amount, item.amount.currency),
    // Stored as sent. Only financing sessions need every detail field, and the financing rule
    // guarantees it there; drivers of other methods must not rely on a full detail.
    ...(item.detail ? { detail: item.detail as CartItem['detail'] } : {}),
  }));
}

/**
 * Session creation with every rule of the contract, in a fixed order: lifetime (D105), order reference, notification
 * address, number of method entries, instance keys, request consistency, card registrations' last day (D127), then per method its provider, whitelist, national
 * contract (financing: the billing country's, docs/decisions.md D44) and plans, then the financing
 * file and the card registration rules. A method that sends the payer to its PSP's page is
 * offered even without returnUrl: it is the view and the start that refuse it (docs/decisions.md
 * D61). Each refusal is a DomainError with its own code. Methods
 * whose contracts' whitelists exclude the order are dropped from the offer; when that leaves none,
 * the order has no method to pay with and creation is refused (NoProviderForMethod). The billing
 * country never drops a method.
 *
 * The result is a new PENDING session (version 1, nothing captured, no attempt).
 */
export function createSession(request: SessionRequest, ctx: CreationContext): Session {
  const ttlMs = request.ttlMs ?? ctx.defaultTtlMs;
  checkSessionTtl(ttlMs, ctx.now);
  checkOrderReference(request.orderId);
  const notification = resolveNotification(request.notificationUrl, ctx.account);
  checkMethodCount(request.methods);
  checkMethodIds(request.methods);
  checkRequestConsistency(request);
  checkRecurringExpiry(request.methods, ctx.now);

  const methods = request.methods.map((entry) => offerOf(entry, request, ctx)).filter((o): o is MethodOffer => o !== undefined);
  if (methods.length === 0) {
    throw new DomainError('NoProviderForMethod', 'No declared method is served for this order: every contract is restricted to other countries or channels');
  }
  if (methods.some((m) => m.capabilities.financing)) {
    checkItemizedCart(request.cartItems);
    checkBillingFile(request.billing, request.customer);
  }
  const mustCreateAlias = request.mustCreateAlias === true;
  checkAlias(methods, mustCreateAlias);

  const currency = currencyCode(request.currency);
  const cartItems = cartItemsOf(request);
  const filters = request.paymentMethodFilters;
  return {
    id: ctx.newId() as SessionId,
    merchantId: ctx.account.merchantId as MerchantId,
    orderId: request.orderId,
    status: 'PENDING',
    total: money(request.total, currency),
    captured: zero(currency),
    createdAt: ctx.now,
    updatedAt: ctx.now,
    expiresAt: ctx.now + ttlMs,
    version: 1,
    methods,
    attempts: [],
    elementsTokenHash: ctx.elementsTokenHash,
    ...(notification ? { notification } : {}),
    ...(request.terms ? { terms: request.terms } : {}),
    ...(filters
      ? {
          paymentMethodFilters: {
            ...(filters.country !== undefined ? { country: filters.country as CountryCode } : {}),
            ...(filters.channel !== undefined ? { channel: filters.channel } : {}),
          },
        }
      : {}),
    ...(cartItems ? { cartItems } : {}),
    ...(request.customer ? { customer: request.customer } : {}),
    ...(request.billing ? { billing: request.billing } : {}),
    ...(request.shipping ? { shipping: request.shipping } : {}),
    ...(request.travel ? { travel: request.travel } : {}),
    ...(request.returnUrl !== undefined ? { returnUrl: request.returnUrl } : {}),
    ...(request.cancelUrl !== undefined ? { cancelUrl: request.cancelUrl } : {}),
    ...(request.statementDescriptor !== undefined ? { statementDescriptor: request.statementDescriptor } : {}),
    ...(request.extraData !== undefined ? { extraData: request.extraData } : {}),
    ...(request.mustCreateAlias !== undefined ? { mustCreateAlias: request.mustCreateAlias } : {}),
  };
}
