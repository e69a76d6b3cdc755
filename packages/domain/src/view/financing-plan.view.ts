import type { ContractPlan } from '../method/method';
import { money, type Money } from '../money/money';
import { planCovers } from '../rules/method-eligibility.rule';
import type { FinancingPlanView, InstalmentView } from './session-view.model';

const DAY_MS = 24 * 3600_000;
/** Instalments fall every 30 days after the first, which is due today. */
export const INSTALMENT_INTERVAL_MS = 30 * DAY_MS;
const YEAR_DAYS = 365;

/**
 * The APR (as a fraction) of a credit `advanced` at t0, with `fees` paid at t0 and `repayments` each
 * 30 days apart from day 30: the rate X solving advanced - fees = sum(r_k * (1 + X)^(-30k/365)),
 * found by bisection. Zero when nothing costs anything.
 */
export function annualRate(advanced: number, fees: number, repayments: readonly number[]): number {
  if (fees <= 0 || advanced <= 0 || repayments.length === 0) return 0;
  // Fees at or above the credit itself have no meaningful rate; the search bound caps the answer.
  const target = Math.max(advanced - fees, 0);
  const presentValue = (x: number): number =>
    repayments.reduce((pv, r, i) => pv + r * Math.pow(1 + x, (-30 * (i + 1)) / YEAR_DAYS), 0);
  let low = 0;
  let high = 1;
  while (presentValue(high) > target && high < 1e6) high *= 2;
  for (let i = 0; i < 200; i++) {
    const mid = (low + high) / 2;
    if (presentValue(mid) > target) low = mid;
    else high = mid;
  }
  return Math.round(((low + high) / 2) * 1e6) / 1e6;
}

/**
 * Prices a financing plan on `principal` (the remaining balance it would finance): fees at the
 * contract's rate when the plan has fees, the principal split evenly with the rounding remainder and
 * the fees on the first instalment (due `now`), every next one 30 days later.
 */
export function priceFinancingPlan(plan: ContractPlan, principal: Money, now: number): FinancingPlanView {
  const n = plan.installments;
  const p = Math.max(principal.amount, 0);
  const fees = plan.withFees ? Math.round(p * (plan.feeRate ?? 0)) : 0;
  const base = Math.floor(p / n);
  const firstPrincipal = p - base * (n - 1);
  const schedule: InstalmentView[] = [];
  for (let k = 0; k < n; k++) {
    const amount = k === 0 ? firstPrincipal + fees : base;
    schedule.push({ dueAt: now + k * INSTALMENT_INTERVAL_MS, amount: money(amount, principal.currency) });
  }
  const creditAdvanced = p - firstPrincipal;
  const apr = plan.apr ?? annualRate(creditAdvanced, fees, schedule.slice(1).map((s) => s.amount.amount));
  return {
    installments: n,
    withFees: plan.withFees,
    eligible: p > 0 && planCovers(plan, principal),
    schedule,
    fees: money(fees, principal.currency),
    total: money(p + fees, principal.currency),
    creditAdvanced: money(creditAdvanced, principal.currency),
    apr,
  };
}
