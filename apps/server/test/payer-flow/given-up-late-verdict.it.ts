import type { SessionId, SessionView } from '@splitpay/domain';
import { giveUpAfterRetries, loseWhatThePspSays } from '../support/given-up-operation';
import { PspOperationTap } from '../support/psp-operation-tap';
import { until } from '../support/until';
import { useService } from '../support/use-service';

jest.setTimeout(30_000);

/**
 * A capture the PSP made while every answer to the service was lost (the first dropped on its way
 * back, the retries answered 503): given up, it stays pending and the session CAPTURING, so the PSP's
 * late confirmation still takes it (PAID), where a capture failed by the service handed the hold back
 * and let the payer pay again (docs/decisions.md D93-a).
 */
describe('payer flow: a capture given up, then confirmed late by the PSP', () => {
  const tap = new PspOperationTap();
  const h = useService(async () => ({ env: { FAKE_PSP_URL: `${await tap.start()}/fake-psp`, FAKE_PSP_DELAY_MS: '0' } }));
  beforeAll(() => tap.forwardTo(h.url));
  afterAll(() => tap.close());

  it('stays CAPTURING with its capture pending after the give-up alert; the late confirmation makes it PAID, no void sent', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 10_000, orderId: 'given-up-capture', methods: [{ method: 'card' }] });
    const confirmation = loseWhatThePspSays(h, tap, 'capture');
    expect((await page.payByCard('card', 10_000)).status).toBe(201);
    const capture = async () => (await h.stores.sessions.findById(sessionId as SessionId))?.attempts[0]?.transactions.find((t) => t.type === 'capture');
    await until(async () => {
      const dispatch = (await capture())?.dispatch;
      return dispatch?.state === 'owed' && dispatch.tries === 1 ? dispatch : undefined;
    }, 'the first send to be recorded without its answer');
    const heldConfirmation = await confirmation;

    await giveUpAfterRetries(h, /^\/fake-psp\/api\/payments\/[^/]+\/captures/);
    const givenUp = (await capture())!;
    expect(givenUp).toMatchObject({ status: { kind: 'pending' }, dispatch: { state: 'given-up' } });
    expect(h.logLines.filter((l) => l.includes('psp.operation_given_up') && l.includes(givenUp.id))).toHaveLength(1);
    expect((await page.view()).body.view.status).toBe('CAPTURING');

    expect(await h.tap.replay(heldConfirmation)).toMatchObject({ status: 200 });
    await page.waitFor((v: SessionView) => v.status === 'PAID');
    const session = (await h.stores.sessions.findById(sessionId as SessionId))!;
    expect(session.attempts[0]!.transactions.map((t) => [t.type, t.status.kind])).toEqual([
      ['authorization', 'succeeded'],
      ['capture', 'succeeded'],
    ]);
    expect([...tap.operationCalls().keys()].filter((name) => name.startsWith('voids:'))).toEqual([]);
  });
});
