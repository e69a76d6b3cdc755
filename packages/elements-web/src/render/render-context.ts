import type { Formats } from '../format/money-format';
import type { Messages } from '../i18n/messages';
import type { AttemptViewEntry, MethodView, SessionView } from '../types/session-view';

/**
 * What the payer is typing or choosing, and what only this page knows (a request in flight, a failed
 * read, the deadline close): the only state the component keeps besides the view, lost on a reload.
 */
export interface LocalState {
  _methodId?: string;
  _amountText?: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
  holder: string;
  _planKey?: string;
  _termsTicked: boolean;
  _confirmingAbandon: boolean;
  /** Tranches the payer removed whose release the view does not show yet. */
  _releasing: string[];
  /**
   * Errors shown on a field, by field name (amount, cardNumber, expiry, cvc, holder, plan, terms; card:
   * an acquirer-hosted card's group, whose fields are the acquirer's).
   */
  _fieldErrors: Record<string, string>;
  /** Less than two minutes are left before the session dies: the deadline becomes a warning. */
  _expiringSoon: boolean;
  /** The last read of the session failed; the next one is scheduled. */
  _unreachable: boolean;
  /** A refusal or failure shown above the Pay button. */
  _formError?: string;
  /** The attempt whose start emptied card fields the payer had typed: its refusal says so. */
  _cardClearedFor?: string;
  _busy: boolean;
  /** The busy action is Pay's start: the button says the payment is being processed. */
  _starting: boolean;
}

/** What the payer can do; the controller runs each one (one at a time). */
export interface Actions {
  _selectMethod(methodId: string): void;
  _amountInput(text: string): void;
  /** The quick fill: the whole remaining balance on this method (its button then goes away). */
  _fillRemaining(): void;
  _fieldInput(field: 'cardNumber' | 'expiry' | 'cvc' | 'holder', value: string): void;
  _choosePlan(key: string): void;
  _tickTerms(ticked: boolean): void;
  _pay(): void;
  _payWithApplePay(): void;
  /** Cancels a hold: a tranche the payer removes, or a partial grant refused. */
  _removeTranche(attemptId: string): void;
  _stopTranche(attemptId: string): void;
  _continueRedirect(attemptId: string): void;
  _acceptPartial(attemptId: string): void;
  _askAbandon(): void;
  _confirmAbandon(yes: boolean): void;
  /** Reads the view at once (the notice that the service could not be reached offers it). */
  _checkAgain(): void;
}

export interface RenderContext {
  readonly doc: Document;
  readonly t: Messages;
  readonly f: Formats;
  /** Prefix of every id in this instance (several may sit on one page). */
  readonly _idPrefix: string;
  readonly view: SessionView;
  readonly _local: LocalState;
  readonly _actions: Actions;
  /** ApplePaySession exists and says it can pay here. */
  readonly _applePayAvailable: boolean;
}

export function methodName(ctx: Pick<RenderContext, 't'>, method: Pick<MethodView, 'method' | 'label'>): string {
  return method.label ?? ctx.t.methodName[method.method];
}

/** The name of an attempt's method: its entry's (the merchant's label), else the kind's. */
export function attemptMethodName(ctx: Pick<RenderContext, 't' | 'view'>, attempt: Pick<AttemptViewEntry, 'methodId' | 'method'>): string {
  return methodName(ctx, ctx.view.methods.find((m) => m.id === attempt.methodId) ?? attempt);
}

export function planKeyOf(plan: { installments: number; withFees: boolean }): string {
  return `${plan.installments}-${plan.withFees ? 'fees' : 'free'}`;
}
