import { SystemTimer } from '@splitpay/infra';
import { DEFAULT_POLICY, nextDueAt } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import { dispatchingCore, openedTranche, type DispatchingCore } from '../testing/dispatching.fixture';
import { VerdictLookup } from '../psp/verdict-lookup';
import { SessionWorker } from './session-worker';

// D104: an opening the PSP holds pending, its notification never come, is alerted once by whichever
// instance's worker holds the session, and never again: not by the other instance, not after a restart.

function instance(core: DispatchingCore, owner: string): { worker: SessionWorker; logger: CapturingLogger } {
  const logger = new CapturingLogger();
  const worker = new SessionWorker({
    sessions: core.stores.sessions,
    writer: core.writer,
    dispatcher: core.dispatcher,
    lookup: new VerdictLookup({ gateway: core.gateway, logger }),
    gateway: core.gateway,
    clock: core.clock,
    timer: new SystemTimer(),
    logger,
    owner,
  });
  return { worker, logger };
}

describe('the session worker and a verdict overdue at its PSP', () => {
  it('two instances running side by side past the bound write one alert; a restarted instance none', async () => {
    const core = dispatchingCore([]);
    const { session, attemptId, transactionId } = await openedTranche(core, 10_000);
    await core.stores.sessions.save({ ...session, version: session.version + 1, dueAt: nextDueAt(session, DEFAULT_POLICY)! }, { expectedVersion: session.version });
    const a = instance(core, 'instance-a');
    const b = instance(core, 'instance-b');

    core.clock.advance(DEFAULT_POLICY.verdictOverdueAlertMs - 1);
    await Promise.all([a.worker.runOnce(), b.worker.runOnce()]);
    expect([...a.logger.named('psp.verdict_overdue'), ...b.logger.named('psp.verdict_overdue')]).toEqual([]);

    core.clock.advance(1);
    await Promise.all([a.worker.runOnce(), b.worker.runOnce()]);
    await Promise.all([a.worker.runOnce(), b.worker.runOnce()]);
    const alerts = [...a.logger.named('psp.verdict_overdue'), ...b.logger.named('psp.verdict_overdue')];
    expect(alerts).toEqual([
      expect.objectContaining({ level: 'warn', fields: expect.objectContaining({ sessionId: session.id, attemptId, transactionId, type: 'authorization', provider: 'fake', waitedMs: DEFAULT_POLICY.verdictOverdueAlertMs }) }),
    ]);

    const restarted = instance(core, 'instance-a');
    core.clock.advance(24 * 3600_000);
    await restarted.worker.runOnce();
    expect(restarted.logger.named('psp.verdict_overdue')).toEqual([]);
    const stored = await core.stores.sessions.findById(session.id);
    expect(stored!.attempts[0]!.transactions[0]!.status.kind).toBe('pending');
  });
});
