import { recordLookupOutcome, type DomainContext, type Logger, type OverdueAuthorization, type PspFact, type Session } from '@splitpay/domain';
import type { SessionCommand } from '../session-writer';
import type { PspGateway, SessionGateway } from './psp-gateway';

export interface VerdictLookupDeps {
  readonly gateway: PspGateway;
  readonly logger: Logger;
}

/** What a status query answered for one overdue authorization. */
export interface LookedUpVerdict {
  readonly attemptId: string;
  readonly facts: readonly PspFact[];
}

/**
 * Looks up authorizations whose verdict is overdue at their PSP (drivers with `statusLookup`); the
 * looked-up status is authoritative. Without a lookup, or when it fails, nothing is learned and the
 * next lookup is scheduled (recordLookupOutcome).
 */
export class VerdictLookup {
  constructor(private readonly deps: VerdictLookupDeps) {}

  /** `psps`: the caller's gateway for this session, when it already has one. */
  async lookUp(session: Session, overdue: readonly OverdueAuthorization[], psps = this.deps.gateway.forSession(session)): Promise<LookedUpVerdict[]> {
    const results: LookedUpVerdict[] = [];
    for (const item of overdue) results.push({ attemptId: item.attemptId, facts: await this.lookUpOne(session, psps, item) });
    return results;
  }

  command(verdicts: readonly LookedUpVerdict[]): SessionCommand<void> {
    return (session: Session, ctx: DomainContext) => ({
      session: verdicts.reduce((s, v) => recordLookupOutcome(s, v.attemptId, { facts: v.facts }, ctx), session),
      result: undefined,
    });
  }

  private async lookUpOne(session: Session, psps: SessionGateway, item: OverdueAuthorization): Promise<readonly PspFact[]> {
    const fields = { sessionId: session.id, attemptId: item.attemptId, transactionId: item.transactionId, provider: item.provider };
    const resolved = await psps.resolve({ id: item.attemptId, methodId: item.methodId, provider: item.provider, method: item.method }, item.transactionId);
    if (!resolved || !resolved.driver.capabilities.statusLookup || !resolved.driver.lookup) return [];
    try {
      const output = await resolved.driver.lookup({ ...resolved.call, target: item.target, amount: item.amount });
      this.deps.logger.info('psp.verdict_looked_up', { ...fields, ack: output.ack.outcome, facts: output.facts.map((f) => f.kind) });
      return output.facts;
    } catch (error) {
      this.deps.logger.error('psp.driver_failed', { ...fields, type: 'lookup', error });
      return [];
    }
  }
}
