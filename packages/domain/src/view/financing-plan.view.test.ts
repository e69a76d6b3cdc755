import { money } from '../money/money';
import { annualRate, priceFinancingPlan } from './financing-plan.view';

describe('financing plan pricing', () => {
  it('computes the APR from the schedule when the contract names none', () => {
    // 300.00 in 3 with 9.00 of fees: 100 today (+9), then 100 at 30 and 60 days; 200 advanced.
    const plan = priceFinancingPlan({ installments: 3, withFees: true, feeRate: 0.03 }, money(30_000, 'EUR'), 0);
    expect(plan.fees.amount).toBe(900);
    expect(plan.creditAdvanced.amount).toBe(20_000);
    // 19 100 today is worth 20 000 - 900; the rate that discounts 10 000 + 10 000 to 19 100.
    const x = plan.apr;
    const pv = 10_000 * Math.pow(1 + x, -30 / 365) + 10_000 * Math.pow(1 + x, -60 / 365);
    expect(Math.abs(pv - 19_100)).toBeLessThan(1);
    expect(x).toBeGreaterThan(0.3);
  });

  it('is free of charge without fees and ineligible outside the lender window', () => {
    const plan = priceFinancingPlan({ installments: 4, withFees: false, minAmount: 10_000, maxAmount: 20_000 }, money(9_999, 'EUR'), 0);
    expect(plan.apr).toBe(0);
    expect(plan.fees.amount).toBe(0);
    expect(plan.eligible).toBe(false);
    expect(annualRate(1000, 0, [500, 500])).toBe(0);
  });
});
