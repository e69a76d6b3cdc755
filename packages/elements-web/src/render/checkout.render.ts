import { h } from '../dom/h';
import { screenOf } from '../state/derive';
import { renderLedger } from './ledger.render';
import { renderOrderSummary } from './order-summary.render';
import { renderPaymentForm } from './payment-form.render';
import type { RenderContext } from './render-context';
import { renderUnreachable } from './unreachable.render';
import { heading, renderAbandon, renderConfirming, renderEnded, renderPartialPrompt, renderWaiting } from './status-panels.render';

/** The whole checkout for one view: summary, ledger, then the screen the view calls for. */
export function renderCheckout(ctx: RenderContext, hostedPlace: Node | undefined): HTMLElement {
  const screen = screenOf(ctx.view);
  const parts: (HTMLElement | undefined)[] = [ctx._local._unreachable ? renderUnreachable(ctx) : undefined, renderOrderSummary(ctx)];
  let main: HTMLElement;
  switch (screen.kind) {
    case 'ended':
      main = renderEnded(ctx, screen.status);
      break;
    case 'finalising':
      main = renderWaiting(ctx, ctx.t.finalising);
      break;
    case 'awaiting':
      main = renderWaiting(ctx, ctx.t.lenderReviewing);
      break;
    case 'partial-decision':
      main = renderPartialPrompt(ctx, screen.attempt);
      break;
    case 'confirming':
      main = renderConfirming(ctx, screen.attempt, hostedPlace);
      break;
    case 'paying':
      main = renderPaymentForm(ctx, hostedPlace);
      break;
  }
  const ledger = renderLedger(ctx);
  // While the payer decides on a partial grant, the rest of the checkout cannot be reached.
  if (screen.kind === 'partial-decision') {
    for (const part of [...parts, ledger]) part?.setAttribute('inert', '');
  }
  parts.push(ledger, main);
  if (ctx.view.status === 'PENDING' && screen.kind !== 'partial-decision') parts.push(renderAbandon(ctx));
  return h(ctx.doc, 'div', { _className: 'sp-body' }, parts);
}

export function renderLinkExpired(ctx: Pick<RenderContext, 'doc' | 't' | '_idPrefix'>): HTMLElement {
  return h(ctx.doc, 'div', { _className: 'sp-body' }, [
    h(ctx.doc, 'section', { _className: 'sp-panel sp-panel--ended' }, [heading(ctx, ctx.t.linkExpired)]),
  ]);
}
