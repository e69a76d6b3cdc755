import { h } from '../dom/h';
import type { FinancingMethodView, FinancingPlanView } from '../types/session-view';
import { planKeyOf, type RenderContext } from './render-context';

function plan(ctx: RenderContext, p: FinancingPlanView, index: number): HTMLElement {
  const { doc, t, f } = ctx;
  const key = planKeyOf(p);
  const id = `${ctx.idPrefix}-plan-${index}`;
  const first = p.schedule[0];
  const detailsId = `${id}-details`;
  return h(doc, 'div', { className: `sp-plan${ctx.local.planKey === key ? ' sp-plan--selected' : ''}` }, [
    h(doc, 'input', {
      id,
      attrs: { type: 'radio', name: `${ctx.idPrefix}-plan`, value: key, checked: ctx.local.planKey === key, disabled: !p.eligible || ctx.local.busy, 'aria-describedby': detailsId },
      on: { change: () => ctx.actions.choosePlan(key) },
    }),
    h(doc, 'label', { className: 'sp-plan__label', attrs: { for: id }, text: `${t.planTitle(p.installments, p.withFees)}${first ? ` (${t.planInstalments(p.installments, f.amount(first.amount))})` : ''}` }),
    h(doc, 'div', { className: 'sp-plan__details', id: detailsId }, [
      !p.eligible && h(doc, 'p', { className: 'sp-hint', text: t.planNotEligible }),
      h(doc, 'ul', { className: 'sp-plan__schedule' }, p.schedule.map((i) => h(doc, 'li', { text: t.planDue(f.date(i.dueAt), f.amount(i.amount)) }))),
      h(doc, 'p', { className: 'sp-hint', text: [t.planFees(f.amount(p.fees)), t.planTotal(f.amount(p.total)), t.planCredit(f.amount(p.creditAdvanced)), t.planApr(f.percent(p.apr))].join(' · ') }),
    ]),
  ]);
}

/** One radio per plan with its schedule, fees, total, credit advanced and APR. */
export function renderPlanChooser(ctx: RenderContext, method: FinancingMethodView): HTMLElement {
  const { doc, t } = ctx;
  const error = ctx.local.fieldErrors.plan;
  return h(doc, 'fieldset', { className: 'sp-plans', id: `${ctx.idPrefix}-plans`, attrs: { 'aria-describedby': error ? `${ctx.idPrefix}-plan-error` : undefined } }, [
    h(doc, 'legend', { className: 'sp-legend', text: t.plansLegend }),
    ...method.plans.map((p, i) => plan(ctx, p, i)),
    error && h(doc, 'span', { className: 'sp-field__error', id: `${ctx.idPrefix}-plan-error`, text: error }),
  ]);
}
