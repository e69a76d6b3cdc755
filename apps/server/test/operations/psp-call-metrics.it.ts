import type {
  ActionResultInput,
  FollowUpInput,
  FollowUpLookupInput,
  InboundNotification,
  LookupInput,
  OpenInput,
  OpenOutput,
  OperationOutput,
  ParsedNotification,
  PspDriver,
  PspProvider,
  ReturnInput,
  WalletSessionOutput,
} from '@splitpay/domain';
import { FAKE_CAPABILITIES } from '@splitpay/psp-fake';
import { seriesValue } from '../support/exposition';
import { ManualTimer } from '../support/manual-timer';
import { merchantEntry, SHOP } from '../support/merchants.fixture';
import { useService } from '../support/use-service';

jest.setTimeout(30_000);

/**
 * psp_calls_total names every driver call and notification reading by its own `operation` (D160):
 * an operator tells a return, an in-page action, a wallet session, a follow-up's lookup and a
 * notification reading apart, and sees which of them fail, or were cut by the service's deadline.
 * Each call is made through the service's doors (the payer's, the return door, the workers, the PSP's
 * notification door) and read back at /metrics.
 */

const ACQUIRER = 'counted-acquirer';

/** Resolves at the next `called()` said after `next()`. */
class Called {
  private resolve: () => void = () => undefined;
  next(): Promise<void> {
    return new Promise<void>((resolve) => (this.resolve = resolve));
  }
  called(): void {
    this.resolve();
  }
}

/**
 * A card and Apple Pay acquirer: a card opening asks for an in-page action; the action's result is
 * taken; the payer's return gets a 503 (so the service looks the status up: authorized); a capture is
 * taken without its verdict, which the follow-up lookup finds. A wallet session is given, or hangs
 * while told to; a notification is refused as unsigned, or its reading hangs while told to.
 */
class CountedAcquirer {
  hangWalletSession = false;
  readonly walletSessionCalled = new Called();
  readonly readingCalled = new Called();
  readonly followUpLooked: FollowUpLookupInput[] = [];

  provider(): PspProvider {
    const accepted = { outcome: 'accepted', httpStatus: 200 } as const;
    const card = {
      provider: ACQUIRER,
      method: 'card',
      capabilities: { ...FAKE_CAPABILITIES.card, followUpLookup: true },
      open: async (): Promise<OpenOutput> => ({ ack: accepted, pageAction: { kind: 'hosted-fields', action: { type: 'threeDS2' }, resultFields: ['threeDSResult'] }, facts: [] }),
      completeAction: async (_input: ActionResultInput): Promise<OpenOutput> => ({ ack: accepted, facts: [] }),
      completeReturn: async (_input: ReturnInput): Promise<OperationOutput> => ({ ack: { outcome: 'unknown', httpStatus: 503 }, facts: [] }),
      lookup: async (input: LookupInput): Promise<OperationOutput> => ({
        ack: accepted,
        facts: [{ kind: 'authorized', ref: { transactionId: input.target.transactionId }, providerRef: `psp-${input.transactionId}`, granted: input.amount }],
      }),
      capture: async (input: FollowUpInput): Promise<OperationOutput> => ({ ack: { ...accepted, providerRef: `psp-${input.transactionId}` }, facts: [] }),
      lookupFollowUp: async (input: FollowUpLookupInput): Promise<OperationOutput> => {
        this.followUpLooked.push(input);
        return { ack: accepted, facts: [{ kind: 'captured', success: true, ref: { transactionId: input.transactionId }, providerRef: `psp-${input.transactionId}` }] };
      },
      void: async (): Promise<OperationOutput> => ({ ack: accepted, facts: [] }),
      refund: async (): Promise<OperationOutput> => ({ ack: accepted, facts: [] }),
    } as unknown as PspDriver;
    const applepay = {
      provider: ACQUIRER,
      method: 'applepay',
      capabilities: FAKE_CAPABILITIES.applepay,
      open: async (): Promise<OpenOutput> => ({ ack: accepted, facts: [] }),
      walletSession: async (): Promise<WalletSessionOutput> => {
        this.walletSessionCalled.called();
        if (this.hangWalletSession) return new Promise<never>(() => undefined);
        return { ack: accepted, walletSession: { merchantSessionIdentifier: 'session-1' } };
      },
      confirm: async (): Promise<OperationOutput> => ({ ack: { outcome: 'rejected', httpStatus: 422 }, facts: [] }),
      capture: async (): Promise<OperationOutput> => ({ ack: accepted, facts: [] }),
      void: async (): Promise<OperationOutput> => ({ ack: accepted, facts: [] }),
      refund: async (): Promise<OperationOutput> => ({ ack: accepted, facts: [] }),
    } as unknown as PspDriver;
    return {
      id: ACQUIRER,
      drivers: [card, applepay],
      parseNotification: (notification: InboundNotification): Promise<ParsedNotification> => {
        this.readingCalled.called();
        if (notification.rawBody.includes('hang')) return new Promise<never>(() => undefined);
        return Promise.resolve({ kind: 'rejected', reason: 'unsigned', reply: { status: 401, contentType: 'text/plain', body: '' } });
      },
    };
  }
}

describe('psp_calls_total: every PSP call by its own operation and outcome (D160)', () => {
  const acquirer = new CountedAcquirer();
  const timer = new ManualTimer();
  const h = useService({
    merchants: {
      merchants: [merchantEntry(SHOP, [{ method: 'card', provider: ACQUIRER, schemes: ['cb', 'visa'] }, { method: 'applepay', provider: ACQUIRER }])],
    },
    extraProviders: [acquirer.provider()],
    timer,
  });
  const calls = async (operation: string, outcome: string): Promise<number | undefined> =>
    seriesValue(await (await fetch(`${h.url}/metrics`)).text(), `psp_calls_total{operation="${operation}",outcome="${outcome}",provider="${ACQUIRER}"}`);

  it('declares every operation and outcome at 0 before the first call, the values dashboards already read among them', async () => {
    const text = await (await fetch(`${h.url}/metrics`)).text();
    const operations = ['open', 'confirm', 'capture', 'void', 'refund', 'lookup', 'lookupFollowUp', 'completeReturn', 'completeAction', 'walletSession', 'parseNotification'];
    for (const operation of operations) {
      for (const outcome of ['accepted', 'rejected', 'unknown', 'error', 'deadline']) {
        expect([operation, outcome, seriesValue(text, `psp_calls_total{operation="${operation}",outcome="${outcome}",provider="fake"}`)]).toEqual([operation, outcome, 0]);
      }
    }
  });

  it("counts a card's in-page action, its return, the status lookup after it, its capture and the capture's follow-up lookup", async () => {
    const { page } = await h.openPage({ currency: 'EUR', total: 10_000, orderId: 'counted-card', methods: [{ method: 'card' }] });
    const started = await page.start({ methodId: 'card', amount: 10_000, input: { method: 'card', token: 'acquirer-token-counted' } });
    expect(started.status).toBe(201);
    const attemptId = String(started.body.attemptId);
    expect((await page.confirmBody(attemptId, { input: { method: 'card', details: { threeDSResult: 'result' } } })).status).toBe(200);
    const back = await fetch(`${h.url}/elements/return/${attemptId}`, { redirect: 'manual' });
    expect(back.status).toBeLessThan(400);
    await h.instance.idle();
    for (let turn = 0; turn < 40 && acquirer.followUpLooked.length === 0; turn += 1) {
      h.clock.advance(60_000);
      await h.runWorkers();
    }
    expect(acquirer.followUpLooked.map((input) => input.type)).toEqual(['capture']);

    expect(await calls('open', 'accepted')).toBe(1);
    expect(await calls('completeAction', 'accepted')).toBe(1);
    expect(await calls('completeReturn', 'unknown')).toBe(1);
    // At least the return door's (the worker may look the overdue verdict up too).
    expect(await calls('lookup', 'accepted')).toBeGreaterThanOrEqual(1);
    expect(await calls('capture', 'accepted')).toBe(1);
    expect(await calls('lookupFollowUp', 'accepted')).toBe(1);
  });

  it("counts Apple Pay's wallet session and confirm, and a wallet session the service's deadline cut as `deadline`, not `unknown`", async () => {
    const { page } = await h.openPage({ currency: 'EUR', total: 2_000, orderId: 'counted-wallet', methods: [{ method: 'applepay' }] });
    const started = await page.start({ methodId: 'applepay', amount: 2_000, input: { method: 'applepay' } });
    expect(started.status).toBe(201);
    const attemptId = String(started.body.attemptId);
    const walletSession = () =>
      fetch(`${h.url}/elements/session/attempts/${attemptId}/wallet-session`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${page.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ input: { method: 'applepay', domainName: 'shop.example' } }),
      });
    expect((await walletSession()).status).toBe(200);

    acquirer.hangWalletSession = true;
    const called = acquirer.walletSessionCalled.next();
    const cut = walletSession();
    await called;
    expect(timer.waiting(h.config.pspDeadlineMs)).toBeGreaterThan(0);
    timer.pass(h.config.pspDeadlineMs);
    await cut;
    acquirer.hangWalletSession = false;
    await page.confirm(attemptId, 'wallet-token-counted');

    expect(await calls('walletSession', 'accepted')).toBe(1);
    expect(await calls('walletSession', 'deadline')).toBe(1);
    expect(await calls('walletSession', 'unknown')).toBe(0);
    expect(await calls('confirm', 'rejected')).toBe(1);
  });

  it("counts the PSP's notifications read: one refused, one whose reading the deadline cut", async () => {
    const refused = await fetch(`${h.url}/psp/${ACQUIRER}/notifications`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"event":"authorization"}' });
    expect(refused.status).toBe(401);

    const called = acquirer.readingCalled.next();
    const hanging = fetch(`${h.url}/psp/${ACQUIRER}/notifications`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"event":"hang"}' });
    await called;
    expect(timer.waiting(h.config.pspDeadlineMs)).toBeGreaterThan(0);
    timer.pass(h.config.pspDeadlineMs);
    expect((await hanging).status).toBe(500);

    expect(await calls('parseNotification', 'rejected')).toBe(1);
    expect(await calls('parseNotification', 'deadline')).toBe(1);
    expect(await calls('parseNotification', 'error')).toBe(0);
  });
});
