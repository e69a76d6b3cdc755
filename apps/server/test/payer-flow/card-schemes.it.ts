import type { SessionView } from '@splitpay/domain';
import { WebhookReceiver } from '@splitpay/webhooks/src/testing/webhook-receiver';
import { PspOperationTap } from '../support/psp-operation-tap';
import { readSession } from '../support/service-harness';
import { useService } from '../support/use-service';

interface ReadAttempt {
  status: string;
  cardScheme?: string;
  declineCategory?: string;
  refundable: { amount: number };
  transactions: { transactionId: string; type: string; status: { kind: string } }[];
}

jest.setTimeout(30_000);

/** The card entry's `schemes` are the networks the merchant accepts (docs/decisions.md D74). */
describe('payer flow: a card on a network the card entry does not list', () => {
  const tap = new PspOperationTap();
  const receiver = new WebhookReceiver();
  beforeAll(() => receiver.start());
  const h = useService(async () => ({ env: { FAKE_PSP_URL: `${await tap.start()}/fake-psp` } }));
  beforeAll(() => tap.forwardTo(h.url));
  afterAll(async () => {
    await tap.close();
    await receiver.stop();
  });

  it('a Visa card on a Mastercard-only entry is voided once, the session stays payable, and a Mastercard pays it', async () => {
    const { page, sessionId } = await h.openPage({
      currency: 'EUR',
      total: 10_000,
      orderId: 'scheme-refused',
      notificationUrl: receiver.url('/hooks/schemes'),
      methods: [{ method: 'card', schemes: ['mastercard'] }],
    });
    expect((await page.view()).body.view.methods[0]).toMatchObject({ method: 'card', schemes: ['mastercard'] });

    // The fake PSP's 4111 1111 1111 1111 runs on Visa.
    expect((await page.payByCard('card', 10_000, '4111111111111111')).status).toBe(201);
    const refused = await page.waitFor((v: SessionView) => v.attempts[0]?.status === 'VOIDED');
    expect(refused).toMatchObject({ status: 'PENDING', remaining: { amount: 10_000 } });
    expect(refused.attempts[0]).toMatchObject({ cardScheme: 'visa', declineCategory: 'method-unavailable', released: true, granted: { amount: 10_000 } });
    expect(refused.methods[0]).toMatchObject({ eligible: true });

    const [voidedVisa] = (await readSession(h, sessionId)).body.attempts as ReadAttempt[];
    expect(voidedVisa).toMatchObject({ status: 'VOIDED', cardScheme: 'visa', declineCategory: 'method-unavailable', refundable: { amount: 0 } });
    expect(voidedVisa!.transactions.map((t) => [t.type, t.status.kind])).toEqual([
      ['authorization', 'succeeded'],
      ['void', 'succeeded'],
    ]);
    const voidId = voidedVisa!.transactions[1]!.transactionId;

    // The payer pays with a Mastercard at once.
    expect((await page.payByCard('card', 10_000, '5555555555554444')).status).toBe(201);
    const paid = await page.waitFor((v: SessionView) => v.status === 'PAID');
    expect(paid.attempts.map((a) => [a.status, a.cardScheme])).toEqual([
      ['VOIDED', 'visa'],
      ['CAPTURED', 'mastercard'],
    ]);

    // No retry of the void follows: exactly one void call reached the PSP.
    h.clock.advance(h.instance.core.policy.dispatchRetryDelaysMs[0]! + 1);
    await h.runWorkers();
    expect([...tap.operationCalls()].filter(([name]) => name.startsWith('voids:'))).toEqual([[`voids:${voidId}`, 1]]);

    // The ending tells the merchant: the Visa hold voided, the Mastercard captured.
    const [call] = receiver.callsTo('/hooks/schemes');
    type EndedAttempt = { status: string; cardScheme?: string; declineCategory?: string; operations: { type: string; status: string }[] };
    const payload = JSON.parse(call?.body ?? '{}') as { status?: string; attempts?: EndedAttempt[] };
    expect(payload.status).toBe('PAID');
    expect(payload.attempts?.map((a) => [a.status, a.cardScheme, a.declineCategory, a.operations.map((o) => `${o.type}:${o.status}`)])).toEqual([
      ['VOIDED', 'visa', 'method-unavailable', ['authorization:succeeded', 'void:succeeded']],
      ['CAPTURED', 'mastercard', undefined, ['authorization:succeeded', 'capture:succeeded']],
    ]);
  });
});
