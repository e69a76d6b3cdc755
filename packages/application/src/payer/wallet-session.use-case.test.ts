import { PspRegistry, startAttempt, type DomainError, type PspDriver, type Session, type WalletSessionInput, type WalletSessionOutput } from '@splitpay/domain';
import { CapturingLogger, HOLD_CAPS } from '@splitpay/domain/src/testing';
import { ManualClock } from '@splitpay/infra';
import { PspGateway } from '../psp/psp-gateway';
import type { ElementsAccess } from './elements-access';
import { aSession, ctxAt, T0 } from './payer.fixture';
import { WalletSessionUseCase } from './wallet-session.use-case';

/** An Apple Pay driver that validates the merchant as the test scripts. */
function walletDriver(answer: (input: WalletSessionInput) => Promise<WalletSessionOutput>) {
  const seen: WalletSessionInput[] = [];
  const driver = {
    provider: 'psp',
    method: 'applepay',
    capabilities: { ...HOLD_CAPS, confirm: true },
    walletSession: async (input: WalletSessionInput) => (seen.push(input), answer(input)),
  } as unknown as PspDriver;
  return { driver, seen };
}

function useCaseOver(session: Session, driver: PspDriver, logger = new CapturingLogger()) {
  const gateway = new PspGateway({ registry: new PspRegistry([{ id: 'psp', drivers: [driver], parseNotification: async () => ({ kind: 'rejected', reason: '', reply: { status: 401, contentType: '', body: '' } }) }]), merchants: { findById: async () => null } as never, sealer: { open: (s) => s } });
  const access = { act: async () => session } as unknown as ElementsAccess;
  return new WalletSessionUseCase({ gateway, logger, clock: new ManualClock(T0) }, access);
}

describe('WalletSessionUseCase (merchant validation of an in-page wallet)', () => {
  const started = () => startAttempt(aSession(), { methodId: 'applepay', amount: 4_000 }, ctxAt(T0));

  it("hands the driver the page's domain and answers the PSP's wallet session", async () => {
    const { session, attemptId } = started();
    const { driver, seen } = walletDriver(async () => ({ ack: { outcome: 'accepted' }, walletSession: { merchantSessionIdentifier: 'SSH-1' } }));
    expect(await useCaseOver(session, driver).execute('pst_x', attemptId, { method: 'applepay', domainName: 'shop.example' })).toEqual({ walletSession: { merchantSessionIdentifier: 'SSH-1' } });
    expect(seen).toEqual([expect.objectContaining({ domainName: 'shop.example', transactionId: session.attempts[0]?.transactions[0]?.id })]);
  });

  it('answers no session when the PSP refuses or the driver fails (the page aborts the sheet)', async () => {
    const { session, attemptId } = started();
    const refused = walletDriver(async () => ({ ack: { outcome: 'rejected', code: '901' } }));
    expect(await useCaseOver(session, refused.driver).execute('pst_x', attemptId, { method: 'applepay', domainName: 'shop.example' })).toEqual({});
    const logger = new CapturingLogger();
    const failing = walletDriver(async () => {
      throw new Error('boom');
    });
    expect(await useCaseOver(session, failing.driver, logger).execute('pst_x', attemptId, { method: 'applepay', domainName: 'shop.example' })).toEqual({});
    expect(logger.named('psp.driver_failed')).toHaveLength(1);
  });

  it('refuses an unknown attempt, an attempt already confirmed, and a driver that needs no validation', async () => {
    const { session, attemptId } = started();
    const { driver } = walletDriver(async () => ({ ack: { outcome: 'accepted' }, walletSession: {} }));
    const code = (p: Promise<unknown>) => p.then(() => 'none', (e: DomainError) => e.code);
    expect(await code(useCaseOver(session, driver).execute('pst_x', '0190c0de-0000-7000-8000-00000000ffff', { method: 'applepay', domainName: 'shop.example' }))).toBe('AttemptNotFound');
    const confirmed = { ...session, attempts: session.attempts.map((a) => ({ ...a, confirmedAt: T0 })) };
    expect(await code(useCaseOver(confirmed, driver).execute('pst_x', attemptId, { method: 'applepay', domainName: 'shop.example' }))).toBe('ConfirmNotApplicable');
    const bare = { provider: 'psp', method: 'applepay', capabilities: { ...HOLD_CAPS, confirm: true } } as unknown as PspDriver;
    expect(await code(useCaseOver(session, bare).execute('pst_x', attemptId, { method: 'applepay', domainName: 'shop.example' }))).toBe('ConfirmNotApplicable');
  });
});
