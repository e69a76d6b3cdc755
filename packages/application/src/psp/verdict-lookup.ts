import {
  lookupsStoppedSince,
  recordFollowUpLookup,
  recordLookupOutcome,
  type DomainContext,
  type DueFollowUpLookup,
  type Logger,
  type OverdueAuthorization,
  type PspFact,
  type Session,
} from '@splitpay/domain';
import type { SessionCommand } from '../session-writer';
import { withoutForeignGrants } from './grant-currency';
import type { PspGateway, SessionGateway } from './psp-gateway';

export interface VerdictLookupDeps {
  readonly gateway: PspGateway;
  readonly logger: Logger;
}

/** What a status query answered for one authorization due for a lookup. */
export interface LookedUpVerdict {
  readonly attemptId: string;
  readonly facts: readonly PspFact[];
  /** The PSP gave the operation's status (an accepted ack); false when the lookup learned nothing. */
  readonly answered: boolean;
}

/** What a status query answered for one capture, void or refund sent without its verdict. */
export interface LookedUpFollowUp {
  readonly transactionId: string;
  readonly facts: readonly PspFact[];
}

/**
 * Looks up authorizations whose verdict is due for a lookup (overdue, or a file a lender studies) at
 * their PSP (drivers with `statusLookup`); the looked-up status is authoritative. Without a lookup,
 * or when it fails, nothing is learned and the next lookup is scheduled (recordLookupOutcome). The
 * same for captures, voids and refunds the PSP took without their verdict (drivers with
 * `followUpLookup`; recordFollowUpLookup schedules the next one or stops at the calendar's end).
 */
export class VerdictLookup {
  constructor(private readonly deps: VerdictLookupDeps) {}

  /** `psps`: the caller's gateway for this session, when it already has one. */
  async lookUp(session: Session, overdue: readonly OverdueAuthorization[], psps = this.deps.gateway.forSession(session)): Promise<LookedUpVerdict[]> {
    const results: LookedUpVerdict[] = [];
    for (const item of overdue) results.push({ attemptId: item.attemptId, ...(await this.lookUpOne(session, psps, item)) });
    return results;
  }

  /** Follow-ups due for a lookup (followUpLookupsDue); `psps` as for `lookUp`. */
  async lookUpFollowUps(session: Session, due: readonly DueFollowUpLookup[], psps = this.deps.gateway.forSession(session)): Promise<LookedUpFollowUp[]> {
    const results: LookedUpFollowUp[] = [];
    for (const item of due) results.push({ transactionId: item.transactionId, facts: await this.lookUpFollowUp(session, psps, item) });
    return results;
  }

  command(verdicts: readonly LookedUpVerdict[], followUps: readonly LookedUpFollowUp[] = []): SessionCommand<void> {
    return (session: Session, ctx: DomainContext) => {
      const looked = verdicts.reduce((s, v) => recordLookupOutcome(s, v.attemptId, { facts: v.facts, answered: v.answered }, ctx), session);
      return { session: followUps.reduce((s, f) => recordFollowUpLookup(s, f.transactionId, f.facts, ctx), looked), result: undefined };
    };
  }

  /**
   * Tells the operator, once, of each verdict a saved write stopped looking up (a financing file
   * whose session ended `lenderLookupAfterEndMs` ago): a grant the lender gives after this is theirs to
   * hand back.
   */
  reportStopped(previous: Session, saved: Session): void {
    for (const stopped of lookupsStoppedSince(previous, saved)) {
      this.deps.logger.warn('psp.verdict_lookups_stopped', { sessionId: saved.id, ...stopped });
    }
  }

  private async lookUpOne(session: Session, psps: SessionGateway, item: OverdueAuthorization): Promise<Omit<LookedUpVerdict, 'attemptId'>> {
    const nothing = { facts: [], answered: false };
    const fields = { sessionId: session.id, attemptId: item.attemptId, transactionId: item.transactionId, provider: item.provider };
    const resolved = await psps.resolve({ id: item.attemptId, methodId: item.methodId, provider: item.provider, method: item.method }, item.transactionId);
    if (!resolved || !resolved.driver.capabilities.statusLookup || !resolved.driver.lookup) return nothing;
    try {
      const output = await resolved.driver.lookup({ ...resolved.call, target: item.target, amount: item.amount });
      this.deps.logger.info('psp.verdict_looked_up', { ...fields, ack: output.ack.outcome, facts: output.facts.map((f) => f.kind) });
      const facts = withoutForeignGrants(session, output.facts, { provider: item.provider, source: 'lookup', attemptId: item.attemptId }, this.deps.logger);
      // A status the service cannot weigh is no answer: at a studied file's bound it is tried again, as a silent PSP is.
      return { facts, answered: output.ack.outcome === 'accepted' && facts.length === output.facts.length };
    } catch (error) {
      this.deps.logger.error('psp.driver_failed', { ...fields, type: 'lookup', error });
      return nothing;
    }
  }

  private async lookUpFollowUp(session: Session, psps: SessionGateway, item: DueFollowUpLookup): Promise<readonly PspFact[]> {
    const fields = { sessionId: session.id, transactionId: item.transactionId, type: item.type, provider: item.provider };
    const resolved = await psps.resolve({ id: item.attemptId, methodId: item.methodId, provider: item.provider, method: item.method }, item.transactionId);
    if (!resolved?.driver.lookupFollowUp) return [];
    try {
      const output = await resolved.driver.lookupFollowUp({ ...resolved.call, type: item.type, amount: item.amount, operation: item.operation, opening: item.opening });
      this.deps.logger.info('psp.follow_up_looked_up', { ...fields, ack: output.ack.outcome, facts: output.facts.map((f) => f.kind) });
      return withoutForeignGrants(session, output.facts, { provider: item.provider, source: 'follow-up-lookup', attemptId: item.attemptId }, this.deps.logger);
    } catch (error) {
      this.deps.logger.error('psp.driver_failed', { ...fields, type: 'lookup', operation: item.type, error });
      return [];
    }
  }
}
