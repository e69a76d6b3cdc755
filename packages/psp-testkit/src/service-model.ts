import { randomUUID } from 'node:crypto';
import {
  applyFacts,
  createSession,
  DEFAULT_POLICY,
  merchantId,
  recordOpenOutcome,
  startAttempt,
  takePageAction,
  type Attempt,
  type DomainContext,
  type MethodEntry,
  type OpenOutput,
  type PspDriver,
  type PspFact,
  type Session,
} from '@splitpay/domain';
import type { PspKitTarget } from './kit-target';

/**
 * The service's side of a check, played by the domain itself: a session offering the driver's method,
 * one attempt, and the driver's answers and facts applied exactly as the service applies them. What
 * the kit asserts is then what the service would record.
 */
export class ServiceModel {
  private current: Session;
  readonly attemptId: string;
  readonly transactionId: string;

  constructor(target: PspKitTarget, driver: PspDriver, total: number, settings: Readonly<Record<string, unknown>> = {}, order: { readonly mustCreateAlias?: boolean } = {}) {
    const entry = { method: target.method, provider: target.provider, ...(target.method === 'card' ? { partialAuth: true } : {}) } as MethodEntry;
    const created = createSession(
      { currency: target.currency ?? 'EUR', total, orderId: `kit-${randomUUID().slice(0, 8)}`, returnUrl: 'https://merchant.example/back', ...target.order, ...order, methods: [entry] },
      {
        now: Date.now(),
        newId: randomUUID,
        account: {
          merchantId: merchantId('kit'),
          contracts: [{ method: target.method, provider: target.provider, partialAuth: true, partialRefunds: true, settings, ...target.contract }],
        },
        psps: { carries: (p) => p === target.provider, driver: (p, m) => (p === target.provider && m === driver.method ? driver : undefined) },
        defaultTtlMs: 15 * 60_000,
        elementsTokenHash: 'kit',
      },
    );
    const started = startAttempt(created, { methodId: created.methods[0]?.id ?? target.method, amount: total, ...(target.plan ? { plan: target.plan } : {}) }, this.ctx());
    this.current = started.session;
    this.attemptId = started.attemptId;
    this.transactionId = started.transactionId;
  }

  get session(): Session {
    return this.current;
  }

  get offer(): Session['methods'][number] {
    const offer = this.current.methods[0];
    if (!offer) throw new Error('the kit session has no offer');
    return offer;
  }

  attempt(): Attempt {
    const attempt = this.current.attempts.find((a) => a.id === this.attemptId);
    if (!attempt) throw new Error('the kit attempt is gone');
    return attempt;
  }

  /** The PSP's reference of the opening, once an answer or a fact named it. */
  openingRef(): string | undefined {
    return this.attempt().transactions[0]?.providerRef;
  }

  recordOpen(output: OpenOutput): void {
    this.current = recordOpenOutcome(this.current, this.attemptId, output, this.ctx());
  }

  /**
   * The page sends the result of the in-page action due, as the confirm door does: the action is taken
   * off first, after its names are checked against the action's `resultFields` (InvalidRequest otherwise).
   */
  takePageAction(resultNames: readonly string[]): void {
    this.current = takePageAction(this.current, this.attemptId, this.attempt().method, resultNames, this.ctx()).session;
  }

  /** Applies facts as the notification intake does; answers whether the session changed. */
  apply(facts: readonly PspFact[]): boolean {
    const next = applyFacts(
      this.current,
      facts.filter((f) => f.kind !== 'chargeback'),
      this.ctx(),
    );
    const changed = next !== this.current;
    this.current = next;
    return changed;
  }

  private ctx(): DomainContext {
    return { now: Date.now(), newId: randomUUID, policy: DEFAULT_POLICY };
  }
}
