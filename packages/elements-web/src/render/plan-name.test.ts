import { priceFinancingPlan } from '@splitpay/domain/src/view/financing-plan.view';
import { merchantPage, until } from '../testing/dom.fixture';
import { pendingView, scriptedFetch } from '../testing/view.fixture';
import type { MethodView } from '../types/session-view';
import { mount } from '../mount/mount';

const base = { elementsToken: 'pst_unit', baseUrl: 'https://pay.example', poll: { minMs: 60_000, maxMs: 60_000, idleMs: 60_000 } };
const NOW = Date.UTC(2026, 10, 27);

/** The plan radios' names (their labels) on a page showing the domain's own pricing of `plans` on €120.00. */
async function planNames(lang: 'en' | 'fr', plans: { installments: number; withFees: boolean; feeRate?: number }[]): Promise<string[]> {
  const priced = plans.map((plan) => priceFinancingPlan(plan as never, { amount: 12000, currency: 'EUR' } as never, NOW));
  const oney = { method: 'oney', id: 'oney', eligible: true, plans: priced } as unknown as MethodView;
  const page = merchantPage(lang);
  const { fetch } = scriptedFetch([pendingView({ methods: [oney] })]);
  const handle = mount(page.container, { ...base, fetch });
  await until(() => page.doc.querySelector('.sp-plan__label') !== null);
  const names = Array.from(page.doc.querySelectorAll('.sp-plan__label')).map((label) => page.text(label));
  handle.unmount();
  return names;
}

describe('a financing plan is named by what its instalments are', () => {
  it('fees on the first instalment: "€32.64 then 3 × €30.00", not "4 × €32.64" (€130.56 for a €122.64 plan), in en and fr', async () => {
    const plan = { installments: 4, withFees: true, feeRate: 0.022 };
    await expect(planNames('en', [plan])).resolves.toEqual(['4 instalments, with fees (€32.64 then 3 × €30.00)']);
    await expect(planNames('fr', [plan])).resolves.toEqual(['4 fois, avec frais (32,64 € puis 3 × 30,00 €)']);
  });

  it('equal instalments keep the short name "3 × €40.00"', async () => {
    await expect(planNames('en', [{ installments: 3, withFees: false }])).resolves.toEqual(['3 instalments, no fees (3 × €40.00)']);
  });
});
