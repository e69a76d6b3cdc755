import { h } from '../dom/h';
import type { FinancingMethodView, FinancingPlanView } from '../types/session-view';
import { planKeyOf, type RenderContext } from './render-context';

function plan(ctx: RenderContext, p: FinancingPlanView, index: number): HTMLElement {
  const { doc, t, f } = ctx;
  const key = planKeyOf(p);
  const id = `${ctx._idPrefix}-plan-${index}`;
  const first = p.schedule[0];
  const detailsId = `${id}-details`;
  return h(doc, 'div', { _className: `sp-plan${ctx._local._planKey === key ? ' sp-plan--selected' : ''}` }, [
    h(doc, 'input', {
      id,
      _attrs: { type: 'radio', name: `${ctx._idPrefix}-plan`, value: key, checked: ctx._local._planKey === key, disabled: !p.eligible || ctx._local._busy, 'aria-describedby': detailsId },
      on: { change: () => ctx._actions._choosePlan(key) },
    }),
    h(doc, 'label', { _className: 'sp-plan__label', _attrs: { for: id }, text: `${t.planTitle(p.installments, p.withFees)}${first ? ` (${t.planInstalments(p.installments, f._amount(first.amount), f._amount((p.schedule[1] ?? first).amount))})` : ''}` }),
    h(doc, 'div', { _className: 'sp-plan__details', id: detailsId }, [
      !p.eligible && h(doc, 'p', { _className: 'sp-hint', text: t.notEligible }),
      h(doc, 'ul', { _className: 'sp-plan__schedule' }, p.schedule.map((i) => h(doc, 'li', { text: t.planDue(f.date(i.dueAt), f._amount(i.amount)) }))),
      h(doc, 'p', { _className: 'sp-hint', text: [t.planFees(f._amount(p.fees)), t.planTotal(f._amount(p.total)), t.planCredit(f._amount(p.creditAdvanced)), t.planApr(f.percent(p.apr))].join(' · ') }),
    ]),
  ]);
}

/** One radio per plan with its schedule, fees, total, credit advanced and APR. */
export function renderPlanChooser(ctx: RenderContext, method: FinancingMethodView): HTMLElement {
  const { doc, t } = ctx;
  const error = ctx._local._fieldErrors.plan;
  return h(doc, 'fieldset', { _className: 'sp-plans', id: `${ctx._idPrefix}-plans`, _attrs: { 'aria-describedby': error ? `${ctx._idPrefix}-plan-error` : undefined } }, [
    h(doc, 'legend', { _className: 'sp-legend', text: t.plansLegend }),
    ...method.plans.map((p, i) => plan(ctx, p, i)),
    error && h(doc, 'span', { _className: 'sp-field__error', id: `${ctx._idPrefix}-plan-error`, text: error }),
  ]);
}
