import { startService } from '../../../apps/server/test/support/service-harness';
import { measure, printMemory, type Figures } from './figures';

/**
 * The whole service over loopback HTTP, the fake PSP answering over HTTP with no delay: session
 * creation, view reads, and whole card payments (start, out-of-band verdict, capture, PAID) with
 * several payers at once.
 */
export async function benchHttpPayment(payments = 200, concurrency = 10): Promise<Figures[]> {
  const h = await startService({ env: { FAKE_PSP_DELAY_MS: '0', LOG_LEVEL: 'error' } });
  try {
    const figures: Figures[] = [];
    await h.clientToken();
    figures.push(
      await measure(`http: POST /api/sessions (x${concurrency})`, payments, concurrency, async (i) => {
        await h.createSession({ currency: 'EUR', total: 10_000, orderId: `bench-create-${i}`, methods: [{ method: 'card' }] });
      }),
    );
    const { page } = await h.openPage({ currency: 'EUR', total: 10_000, orderId: 'bench-view', methods: [{ method: 'card' }, { method: 'paypal' }] });
    figures.push(
      await measure(`http: GET /elements/session (x${concurrency})`, payments * 5, concurrency, async () => {
        const res = await page.view();
        if (res.status !== 200) throw new Error(`view answered ${res.status}`);
      }),
    );
    figures.push(
      await measure(`http: card payment, start to PAID (x${concurrency})`, payments, concurrency, async (i) => {
        const { page: payer } = await h.openPage({ currency: 'EUR', total: 10_000, orderId: `bench-pay-${i}`, methods: [{ method: 'card' }] });
        const started = await payer.payByCard('card', 10_000);
        if (started.status !== 201) throw new Error(`start answered ${started.status}`);
        const view = await payer.waitFor((v) => v.status === 'PAID', 10_000, 5);
        if (view.status !== 'PAID') throw new Error(`payment ended ${view.status}`);
      }),
    );
    printMemory(`${payments * 2 + 1} sessions over HTTP`);
    return figures;
  } finally {
    await h.close();
  }
}
