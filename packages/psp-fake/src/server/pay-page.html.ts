import { createHash } from 'node:crypto';
import { minorUnitsOf } from '@splitpay/domain';
import type { WireAmount } from '../protocol/fake-psp.protocol';
import type { FakePayment } from './payment-book';
import { onPage } from './payer-doors';
import { httpUrl } from './wire-input';

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The amount by ISO 4217's decimals (IQD 1.500, HUF 100.00), never Intl's own currency data. */
function display(amount: WireAmount): string {
  const digits = minorUnitsOf(amount.currency);
  const format = new Intl.NumberFormat('en', { style: 'currency', currency: amount.currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
  return format.format(amount.value / 10 ** digits);
}

const TITLES: Record<FakePayment['method'], string> = {
  card: '3-D Secure check',
  applepay: 'Apple Pay',
  paypal: 'PayPal',
  wero: 'Wero',
  oney: 'Oney instalments',
  ancv: 'Chèque-Vacances Connect',
};

/** Buttons a finger or a shaky hand can hit (WCAG 2.5.8: at least 24 by 24 px, apart). */
const PAGE_STYLE = 'button{min-height:44px;min-width:44px;padding:8px 16px;font:inherit}form{margin:12px 0}';

/** The page's one inline style, allowed by its hash alone (pay-page.policy.ts): nothing else may style the page. */
export const PAGE_STYLE_SOURCE = `'sha256-${createHash('sha256').update(PAGE_STYLE).digest('base64')}'`;

function button(base: string, door: string, label: string, extra = ''): string {
  return `<form method="post" action="${base}/${door}">${extra}<button type="submit">${escape(label)}</button></form>`;
}

/** A decided payment's page: nothing to press, but a way back to the shop (Back or a stale tab leads here). */
function wayBack(payment: FakePayment): string {
  const back = httpUrl(payment.returnUrl);
  return back ? `<p><a href="${escape(back)}">Back to the shop</a></p>` : '';
}

/** The payer's page at the fake PSP: what is asked, and one form per door. */
export function renderPayPage(payment: FakePayment, doorsBase: string): string {
  const base = escape(doorsBase);
  const studying = payment.status === 'lender-studying';
  const challenge = payment.status === 'challenge';
  const forms: string[] = [];
  if (onPage(payment)) {
    const approveLabel = challenge ? 'Authenticate' : studying ? 'Lender approves' : 'Approve';
    const amountField = payment.payerChoosesAmount
      ? `<label for="amount">Amount to pay, in minor units (at most ${payment.amount.value}; empty pays it all)</label>` +
        `<input id="amount" name="amount" type="number" inputmode="numeric" min="1" max="${payment.amount.value}">`
      : '';
    forms.push(button(base, 'approve', approveLabel, amountField));
    forms.push(button(base, 'decline', challenge ? 'Fail authentication' : studying ? 'Lender refuses' : 'Decline'));
    if (!studying) forms.push(button(base, 'cancel', 'Cancel and go back'));
    if (payment.financing && !studying) forms.push(button(base, 'study', 'Keep the lender studying'));
  }
  const state = onPage(payment)
    ? studying
      ? 'The lender is studying the file.'
      : 'Choose what the payer does.'
    : `This payment is ${escape(payment.status)}. Nothing is left to do here.`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Fake PSP: ${escape(TITLES[payment.method])}</title><style>${PAGE_STYLE}</style></head>
<body>
<main>
<h1>Fake PSP: ${escape(TITLES[payment.method])}</h1>
<p>Test page: no real money moves.</p>
<dl>
<dt>Amount</dt><dd>${escape(display(payment.amount))}</dd>
${payment.orderReference ? `<dt>Reference</dt><dd>${escape(payment.orderReference)}</dd>` : ''}
</dl>
<p role="status">${state}</p>
${onPage(payment) ? forms.join('\n') : wayBack(payment)}
</main>
</body>
</html>`;
}
