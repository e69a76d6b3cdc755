import { approve, decline, notifyAuthorization, refusal, type Answer, type EngineDeps } from './engine-support';
import type { FakePayment } from './payment-book';

export type PayerDoor = 'approve' | 'decline' | 'cancel' | 'study';

/** Where the payer goes after pressing a button: back to the returnUrl the driver gave. */
export type DoorOutcome = { readonly kind: 'done'; readonly returnUrl?: string } | { readonly kind: 'refused'; readonly answer: Answer };

/** The payer's page is open: a challenge, a wallet or voucher page, or a financing file. */
export function onPage(payment: FakePayment): boolean {
  return payment.status === 'challenge' || payment.status === 'awaiting-payer' || payment.status === 'lender-studying';
}

function refused(answer: Answer): DoorOutcome {
  return { kind: 'refused', answer };
}

/**
 * A button of the payer's page. `amount` (approve only) is the payer's chosen lower amount, for
 * methods where the payer picks it (ancv).
 */
export function pressDoor(deps: EngineDeps, ref: string, door: PayerDoor, amount: number | undefined): DoorOutcome {
  const payment = deps.book.payment(ref);
  if (!payment || payment.ref !== ref) return refused(refusal(404, 'not-found', 'no such payment'));
  if (!onPage(payment)) return refused(refusal(409, 'already-decided', `payment is ${payment.status}`));
  const studying = payment.status === 'lender-studying';
  switch (door) {
    case 'approve': {
      if (amount !== undefined) {
        if (!payment.payerChoosesAmount) return refused(refusal(422, 'amount-not-choosable', `the ${payment.method} payer cannot choose the amount`));
        if (amount > payment.amount.value) return refused(refusal(422, 'amount-exceeds-requested', `at most ${payment.amount.value}`));
      }
      const granted = amount ?? payment.amount.value;
      approve(deps, payment, granted, granted < payment.amount.value ? 'payer' : undefined);
      break;
    }
    case 'decline':
      if (payment.status === 'challenge') decline(deps, payment, 'authentication-failed', 'authentication-failed', '3-D Secure authentication failed');
      else decline(deps, payment, 'bank-refusal', 'refused', payment.financing ? 'The lender refused the file' : 'The payment was refused');
      break;
    case 'cancel':
      if (studying) return refused(refusal(409, 'already-decided', 'the file is with the lender; approve or decline it'));
      payment.status = 'cancelled';
      notifyAuthorization(deps, payment);
      break;
    case 'study':
      if (!payment.financing) return refused(refusal(409, 'not-financing', 'only a financing file can be kept under study'));
      if (studying) return refused(refusal(409, 'already-studying', 'the lender is already studying the file'));
      payment.status = 'lender-studying';
      notifyAuthorization(deps, payment);
      break;
  }
  return { kind: 'done', ...(payment.returnUrl ? { returnUrl: payment.returnUrl } : {}) };
}
