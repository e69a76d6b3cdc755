import type { Money, RefundAnswer } from '../api/api-types';
import type { RefundTarget } from '../api/dashboard-api';
import { currencyDigits } from '../i18n/i18n';
import { amountInputText, exampleAmountText, readAmountInput } from '../money/amount-input';
import { RefundAction, refundOutcomeUnclear } from '../refund/refund-action';
import { markBusy } from './busy-button';
import { h, uniqueId } from './dom';
import { FIRST_FOCUS, type Panel, type PanelStanding } from './panel-openers.view';
import { refusalWords, type ViewContext } from './view-context';

export interface RefundFormOptions {
  readonly target: RefundTarget;
  /** What remains refundable on the target (the hint, the field's placeholder), and whether refunds are paused. */
  readonly standing: PanelStanding;
  /** The tranche the refund takes money from: its keys are the page's (RefundKeys). */
  readonly attemptId: string;
  readonly onDone: (answer: RefundAnswer) => void;
  /** The answer did not say whether the refund of `amount` (minor units) was made (refundOutcomeUnclear). */
  readonly onUnclear: (amount: number) => void;
  readonly onCancel: () => void;
}

/**
 * The refund of a tranche or of one operation: an amount the contact types (never a default that
 * one keystroke would send), read back as money in a confirmation before anything is sent (a
 * separator typed in the wrong place shows as a hundred times the amount), and one RefundAction, so
 * a double click sends once, with the page's key of the tranche and amount. The confirmation opens on
 * its way back ("Change the amount"): Enter pressed twice never refunds. The payment drawn anew, the
 * form keeps what was typed and where it stands; an amount no longer refundable is said, never dropped.
 */
export function refundForm(ctx: ViewContext, options: RefundFormOptions): Panel {
  // Read again at each revision: the language may have changed, the form kept (D151).
  let { t } = ctx.tr;
  let { refundable, pausedBy } = options.standing;
  const digits = currencyDigits(refundable.currency);
  const action = new RefundAction(options.target, (request) => ctx.api.refund(request), { keys: ctx.refundKeys, attemptId: options.attemptId });
  const hintId = uniqueId('refund-hint');
  const errorId = uniqueId('refund-error');
  const input = h('input', {
    id: uniqueId('refund-amount'),
    name: 'amount',
    inputmode: 'decimal',
    autocomplete: 'off',
    'aria-required': 'true',
    placeholder: amountInputText(refundable.amount, digits),
    'aria-describedby': `${hintId} ${errorId}`,
    [FIRST_FOCUS]: true,
  });
  const error = h('p', { id: errorId, class: 'error', role: 'alert' });
  const hint = h('p', { id: hintId, class: 'hint' }, t.refundAmountHint(ctx.tr.money(refundable)));
  const label = h('label', { for: input.id }, t.refundAmount(refundable.currency));
  // Ids name the controls across redraws: the form moves into each new drawing (focus-place.ts).
  const review = h('button', { type: 'submit', id: uniqueId('refund-continue') }, t.continueRefund);
  const cancel = h('button', { type: 'button', id: uniqueId('refund-cancel'), class: 'secondary', onclick: () => options.onCancel() }, t.cancel);
  const entering = h('div', { class: 'actions' }, review, cancel);
  const question = h('p', { class: 'confirm' });
  const confirm = h('button', { type: 'button', id: uniqueId('refund-confirm') });
  const change = h('button', { type: 'button', id: uniqueId('refund-change'), class: 'secondary' }, t.changeAmount);
  const confirming = h('div', { class: 'confirming', hidden: true }, question, h('div', { class: 'actions' }, confirm, change));
  let minor = 0;
  /** The error said is the refundable amount's change (a later drawing that allows the amount again clears it). */
  let changedSaid = false;
  /** The error said, as words of the language shown: said again when the language changes. */
  let errorWords: (() => string) | undefined;

  const sayError = (words: () => string): void => {
    errorWords = words;
    error.textContent = words();
    input.setAttribute('aria-invalid', 'true');
  };
  const showError = (words: () => string): void => {
    changedSaid = false;
    sayError(words);
    input.focus();
  };
  const clearError = (): void => {
    changedSaid = false;
    errorWords = undefined;
    error.textContent = '';
    input.removeAttribute('aria-invalid');
  };
  /** What the confirmation asks, for the amount read. */
  const askConfirmation = (): void => {
    const money = ctx.tr.money({ amount: minor, currency: refundable.currency });
    question.textContent = t.refundConfirmQuestion(money);
    confirm.textContent = t.confirmRefundOf(money);
  };
  const backToAmount = (): void => {
    confirming.hidden = true;
    entering.hidden = false;
    input.readOnly = false;
  };

  change.addEventListener('click', () => {
    backToAmount();
    input.focus();
  });
  confirm.addEventListener('click', () => {
    if (action.busy || pausedBy !== undefined) return;
    confirm.disabled = true;
    change.disabled = true;
    form.setAttribute('aria-busy', 'true');
    void action.submit(minor).then((result) => {
      confirm.disabled = pausedBy !== undefined;
      change.disabled = false;
      form.setAttribute('aria-busy', 'false');
      if (result.ok) {
        options.onDone(result.body);
        return;
      }
      if (refundOutcomeUnclear(result)) {
        options.onUnclear(minor);
        return;
      }
      backToAmount();
      const { code } = result;
      showError(() => refusalWords(ctx, code));
    });
  });

  const form = h(
    'form',
    {
      class: 'refund-form',
      onsubmit: (event: Event) => {
        event.preventDefault();
        if (action.busy || !confirming.hidden || pausedBy !== undefined) return;
        const amount = readAmountInput(input.value, digits);
        if (amount.kind !== 'amount') {
          showError(() => t.invalidAmount(exampleAmountText(digits, t.decimalSeparator)));
          return;
        }
        // Refused here before any confirmation, in the hint's words; the service's refusal stays the guarantee (D81).
        if (amount.minor > refundable.amount) {
          showError(() => t.refundAmountHint(ctx.tr.money(refundable)));
          return;
        }
        clearError();
        minor = amount.minor;
        askConfirmation();
        input.readOnly = true;
        entering.hidden = true;
        confirming.hidden = false;
        change.focus();
      },
    },
    label,
    input,
    hint,
    error,
    entering,
    confirming,
  );

  /** While refunds are paused (D121-a) the form keeps its amount, its buttons disabled and described by why. */
  const pause = (): void => {
    for (const button of [review, confirm]) {
      button.disabled = pausedBy !== undefined || (button === confirm && action.busy);
      if (pausedBy === undefined) button.removeAttribute('aria-describedby');
      else button.setAttribute('aria-describedby', pausedBy);
    }
  };
  pause();

  /** Every word of the form in the page's language, what it holds unchanged. */
  const relabel = (): void => {
    ({ t } = ctx.tr);
    label.textContent = t.refundAmount(refundable.currency);
    hint.textContent = t.refundAmountHint(ctx.tr.money(refundable));
    review.textContent = t.continueRefund;
    cancel.textContent = t.cancel;
    change.textContent = t.changeAmount;
    if (!confirming.hidden) askConfirmation();
    if (errorWords) error.textContent = errorWords();
  };

  const revise = (standing: PanelStanding): boolean => {
    ({ refundable, pausedBy } = standing);
    input.placeholder = amountInputText(refundable.amount, digits);
    relabel();
    pause();
    // A refund on its way keeps its confirmation: its answer decides.
    if (action.busy) return true;
    const typed = readAmountInput(input.value, digits);
    if (typed.kind === 'amount' && typed.minor > refundable.amount) {
      // Never moves focus: the redraw puts it back where it was.
      if (!confirming.hidden) backToAmount();
      sayError(() => t.refundableChanged(ctx.tr.money(refundable)));
      changedSaid = true;
    } else if (changedSaid) clearError();
    return true;
  };
  return { element: form, revise };
}

/**
 * The whole session's refund: the amount it refunds said, a confirmation that opens on Cancel (Enter
 * pressed twice on "Refund the whole payment" used to refund everything), one send however often it
 * is pressed. It sends the amount it says: another refund made since the page was read changes what
 * remains, and the service then refuses rather than refunding something else (D121-b); every refusal
 * goes to `onRefused`, which reads the payment again. Its door reads no idempotency key: a repeat
 * converges there (the refund in flight, then what remains no longer the amount), and an unclear
 * answer has the payment read again, as a tranche's does.
 */
export function sessionRefundConfirm(
  ctx: ViewContext,
  sessionId: string,
  refundable: Money,
  onDone: (answer: RefundAnswer) => void,
  onUnclear: () => void,
  onRefused: (code: string) => void,
  onCancel: () => void,
): Panel {
  const action = new RefundAction({ kind: 'session', sessionId }, (request) => ctx.api.refund(request));
  const confirm = h('button', { type: 'button' });
  confirm.addEventListener('click', () => {
    if (action.busy) return;
    markBusy(confirm, true);
    void action.submit(refundable.amount).then((result) => {
      markBusy(confirm, false);
      if (result.ok) onDone(result.body);
      else if (refundOutcomeUnclear(result)) onUnclear();
      else onRefused(result.code);
    });
  });
  const question = h('p', {});
  const cancel = h('button', { type: 'button', class: 'secondary', [FIRST_FOCUS]: true, onclick: () => onCancel() });
  const element = h('div', { class: 'refund-form', role: 'group' }, question, h('div', { class: 'actions' }, confirm, cancel));
  /** Its words in the page's language (read at each revision: the language may have changed, D151). */
  const relabel = (): void => {
    const { t } = ctx.tr;
    const money = ctx.tr.money(refundable);
    element.setAttribute('aria-label', t.refundSession);
    question.textContent = t.refundSessionConfirm(money);
    confirm.textContent = t.confirmRefundOf(money);
    cancel.textContent = t.cancel;
  };
  relabel();
  // It confirms one amount: once the whole is another, or refunds are paused, it no longer holds.
  const revise = (standing: PanelStanding): boolean => {
    relabel();
    return action.busy || (standing.pausedBy === undefined && standing.refundable.amount === refundable.amount);
  };
  return { element, revise };
}
