import type { Money, RefundAnswer } from '../api/api-types';
import type { RefundTarget } from '../api/dashboard-api';
import { currencyDigits } from '../i18n/i18n';
import { amountInputText, readAmountInput } from '../money/amount-input';
import { RefundAction } from '../refund/refund-action';
import { h, uniqueId } from './dom';
import { refusalWords, type ViewContext } from './view-context';

export interface RefundFormOptions {
  readonly target: RefundTarget;
  /** What remains refundable on the target: the hint, and the field's placeholder. */
  readonly refundable: Money;
  readonly onDone: (answer: RefundAnswer) => void;
  readonly onCancel: () => void;
}

/**
 * The refund of a tranche or of one operation: an amount the contact types (never a default that
 * one keystroke would send) and one RefundAction, so the key is the gesture's and a double click sends once.
 */
export function refundForm(ctx: ViewContext, options: RefundFormOptions): HTMLFormElement {
  const { t } = ctx.tr;
  const digits = currencyDigits(options.refundable.currency);
  const action = new RefundAction(options.target, (request) => ctx.api.refund(request));
  const hintId = uniqueId('refund-hint');
  const errorId = uniqueId('refund-error');
  const input = h('input', {
    id: uniqueId('refund-amount'),
    name: 'amount',
    inputmode: 'decimal',
    autocomplete: 'off',
    'aria-required': 'true',
    placeholder: amountInputText(options.refundable.amount, digits),
    'aria-describedby': `${hintId} ${errorId}`,
  });
  const error = h('p', { id: errorId, class: 'error', role: 'alert' });
  const submit = h('button', { type: 'submit' }, t.confirmRefund);
  const cancel = h('button', { type: 'button', class: 'secondary', onclick: () => options.onCancel() }, t.cancel);

  const showError = (message: string): void => {
    error.textContent = message;
    input.setAttribute('aria-invalid', 'true');
    input.focus();
  };

  const form = h(
    'form',
    {
      class: 'refund-form',
      onsubmit: (event: Event) => {
        event.preventDefault();
        if (action.busy) return;
        const amount = readAmountInput(input.value, digits);
        if (amount.kind !== 'amount') {
          showError(t.invalidAmount);
          return;
        }
        error.textContent = '';
        input.removeAttribute('aria-invalid');
        submit.disabled = true;
        form.setAttribute('aria-busy', 'true');
        void action.submit(amount.minor).then((result) => {
          submit.disabled = false;
          form.setAttribute('aria-busy', 'false');
          if (result.ok) options.onDone(result.body);
          else showError(refusalWords(ctx, result.code));
        });
      },
    },
    h('label', { for: input.id }, t.refundAmount(options.refundable.currency)),
    input,
    h('p', { id: hintId, class: 'hint' }, t.refundAmountHint(ctx.tr.money(options.refundable))),
    error,
    h('div', { class: 'actions' }, submit, cancel),
  );
  return form;
}

/** The whole session's refund: no amount, a confirmation, one send however often it is pressed. */
export function sessionRefundConfirm(ctx: ViewContext, sessionId: string, onDone: (answer: RefundAnswer) => void, onCancel: () => void): HTMLElement {
  const { t } = ctx.tr;
  const action = new RefundAction({ kind: 'session', sessionId }, (request) => ctx.api.refund(request));
  const error = h('p', { class: 'error', role: 'alert' });
  const confirm = h('button', { type: 'button' }, t.confirmRefund);
  confirm.addEventListener('click', () => {
    if (action.busy) return;
    confirm.disabled = true;
    error.textContent = '';
    void action.submit().then((result) => {
      confirm.disabled = false;
      if (result.ok) onDone(result.body);
      else error.textContent = refusalWords(ctx, result.code);
    });
  });
  return h(
    'div',
    { class: 'refund-form', role: 'group', 'aria-label': t.refundSession },
    h('p', {}, t.refundSessionConfirm),
    error,
    h('div', { class: 'actions' }, confirm, h('button', { type: 'button', class: 'secondary', onclick: () => onCancel() }, t.cancel)),
  );
}
