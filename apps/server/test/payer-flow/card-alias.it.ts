import type { SessionView } from '@splitpay/domain';
import { readSession } from '../support/service-harness';
import { useService } from '../support/use-service';

const paid = (v: SessionView) => v.status === 'PAID';
const CREATE_ALIAS = { mode: 'oneclick', recurringFrequency: 30, recurringExpiry: '2030-12-31' } as const;

jest.setTimeout(30_000);

/** A card registration is asked of the PSP, and its alias kept, when the order asks: mustCreateAlias or the card entry's createAlias. */
describe('payer flow: the card alias follows what the order asked', () => {
  const h = useService();

  async function aliasOfPaidOrder(orderId: string, card: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<string | undefined> {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 5_000, orderId, methods: [card], ...extra });
    expect((await page.payByCard('card', 5_000)).status).toBe(201);
    await page.waitFor(paid);
    const [attempt] = (await readSession(h, sessionId)).body.attempts as { status: string; cardAlias?: string }[];
    expect(attempt?.status).toBe('CAPTURED');
    return attempt?.cardAlias;
  }

  it("the card entry's own createAlias registers the card, without mustCreateAlias", async () => {
    expect(await aliasOfPaidOrder('entry-alias', { method: 'card', createAlias: CREATE_ALIAS })).toMatch(/^fka_/);
  });

  it('mustCreateAlias registers the card', async () => {
    expect(await aliasOfPaidOrder('order-alias', { method: 'card' }, { mustCreateAlias: true })).toMatch(/^fka_/);
  });

  it('an order that registers the card offers no partial authorization, though its card entry asks for it', async () => {
    const entry = { method: 'card', partialAuth: true };
    const { page } = await h.openPage({ currency: 'EUR', total: 5_000, orderId: 'alias-no-partial', methods: [entry], mustCreateAlias: true });
    const view = (await page.view()).body.view;
    expect(view.mustCreateAlias).toBe(true);
    expect(view.methods[0]).toMatchObject({ method: 'card', eligible: true, mustSettleRemaining: true });
    expect(view.methods[0]).not.toHaveProperty('partialAuth');
    const splittable = await h.openPage({ currency: 'EUR', total: 5_000, orderId: 'partial-offered', methods: [entry] });
    expect((await splittable.page.view()).body.view.methods[0]).toMatchObject({ partialAuth: 'mandated' });
  });

  it('an order that asks nothing gets no alias', async () => {
    expect(await aliasOfPaidOrder('no-alias', { method: 'card' })).toBeUndefined();
  });
});
