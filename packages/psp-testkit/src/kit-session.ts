import { randomUUID } from 'node:crypto';
import {
  money,
  offerCapabilities,
  registrationAsked,
  secretSettingNames,
  type ActionResultInput,
  type DriverCall,
  type DriverCapabilities,
  type FollowUpInput,
  type FollowUpLookupInput,
  type InboundNotification,
  type Money,
  type NotificationContext,
  type OpenInput,
  type OpenOutput,
  type OperationOutput,
  type OperationRef,
  type PspDriver,
  type PspFact,
  type PspProvider,
  type ReturnInput,
  type TransactionId,
} from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import { KIT_PSP_TIMEOUT_MS } from './kit-deadline';
import type { FollowUpKind, FollowUpPlay, OpeningPlay, PspKitRun, PspKitTarget } from './kit-target';
import { ServiceModel } from './service-model';

/**
 * A reader that borrowed a contract's settings (its webhook key) by one reference may only name that
 * operation in its facts: one that finds the key by the payment and names a refund (or another
 * merchant's operation) lets a merchant's key act on an operation it does not serve (D80).
 */
function expectFactsOfLentContracts(facts: readonly PspFact[], lent: readonly OperationRef[]): void {
  if (lent.length === 0) return;
  const matches = (ref: OperationRef) => lent.some((l) => (l.transactionId !== undefined && l.transactionId === ref.transactionId) || (l.providerRef !== undefined && l.providerRef === ref.providerRef));
  for (const fact of facts) {
    const named: OperationRef[] =
      fact.kind === 'chargeback'
        ? [{ providerRef: fact.providerRef, ...(fact.transactionId ? { transactionId: fact.transactionId } : {}) }]
        : [fact.ref, ...(fact.providerRef ? [{ providerRef: fact.providerRef }] : [])];
    if (!named.some(matches)) {
      throw new Error(`the reader verified the notification with the contract of ${JSON.stringify(lent)} but its ${fact.kind} fact names ${JSON.stringify(named)}: it must ask settingsFor the operation its facts name`);
    }
  }
}

/** The amount every opening asks for (minor units). */
export const KIT_AMOUNT = 10_000;

/** What one opening produced. */
export interface Opened {
  readonly model: ServiceModel;
  readonly input: OpenInput;
  /** The open call's answer (its redirect included). */
  readonly openOutput: OpenOutput;
  readonly outputs: readonly OperationOutput[];
  /** The notifications the PSP posted about it, as received. */
  readonly notifications: readonly InboundNotification[];
  readonly facts: readonly PspFact[];
}

/** What one capture, void or refund produced. */
export interface FollowedUp {
  readonly input: FollowUpInput;
  readonly output: OperationOutput;
  readonly notifications: readonly InboundNotification[];
  /** The facts of the answer and of the notifications. */
  readonly facts: readonly PspFact[];
}

/**
 * One check's provider and scripted PSP, the driver calls the service would make, and everything that
 * came out of them (answers, facts, log lines), so that no secret is found anywhere in it afterwards.
 */
export class KitSession {
  /** Every answer and fact the driver and reader gave, to search for secrets. */
  readonly answers: unknown[] = [];
  /** The references the reader of the notification being parsed was lent contract settings for. */
  private lent: OperationRef[] = [];
  private readonly known = { transactionIds: new Set<string>(), providerRefs: new Set<string>() };

  private constructor(
    readonly target: PspKitTarget,
    readonly run: PspKitRun,
    /** The provider's log lines (the kit gives it this logger). */
    readonly logger: CapturingLogger,
    /** Built by the run's plugin with the kit's logger, clock and timeout. */
    readonly provider: PspProvider,
  ) {}

  /**
   * Starts the target's scripted PSP and builds its provider as the service does: through the
   * plugin's `create`, with the kit's logger, a clock and the kit's timeout (KIT_PSP_TIMEOUT_MS).
   */
  static async start(target: PspKitTarget): Promise<KitSession> {
    const logger = new CapturingLogger();
    const run = await target.start();
    try {
      if (run.plugin.id !== target.provider) throw new Error(`the run's plugin is ${run.plugin.id}, not the target's provider ${target.provider}`);
      const provider = run.plugin.create({ logger, clock: { now: () => Date.now() }, timeoutMs: KIT_PSP_TIMEOUT_MS });
      return new KitSession(target, run, logger, provider);
    } catch (error) {
      await run.stop();
      throw error;
    }
  }

  get driver(): PspDriver {
    const driver = this.provider.drivers.find((d) => d.method === this.target.method);
    if (!driver) throw new Error(`provider ${this.provider.id} has no driver for ${this.target.method}`);
    return driver;
  }

  /** What the driver does under the run's contract settings, as the session's offer snapshots it. */
  get capabilities(): DriverCapabilities {
    return offerCapabilities(this.driver, this.run.settings);
  }

  money(amount: number): Money {
    return money(amount, this.target.currency ?? 'EUR');
  }

  /** What the service lends the notification reader: the contract settings, for operations the kit made. */
  readonly context: NotificationContext = {
    settingsFor: async (ref: OperationRef) => {
      const ours = (ref.transactionId !== undefined && this.known.transactionIds.has(ref.transactionId)) || (ref.providerRef !== undefined && this.known.providerRefs.has(ref.providerRef));
      if (!ours) return undefined;
      this.lent.push(ref);
      return this.run.settings;
    },
  };

  /** The values that must never be logged or answered: the secret settings, card data, wallet tokens. */
  secrets(): string[] {
    const names = secretSettingNames(this.run.plugin.settings, this.target.method);
    const fromSettings = [...names].map((name) => this.run.settings[name]).filter((v): v is string => typeof v === 'string');
    return [...fromSettings, ...this.run.secrets].filter((s) => s.length >= 4);
  }

  /**
   * A new session and attempt, and the open call's input (without the payer's input). `mustCreateAlias`:
   * the order asks to register the payer's card, so the open asks it (`registerAlias`) as the start does.
   */
  newOpening(order: { readonly mustCreateAlias?: boolean } = {}): { model: ServiceModel; input: OpenInput } {
    // The offer is snapshotted under the run's contract settings, as session creation does.
    const model = new ServiceModel(this.target, this.driver, KIT_AMOUNT, this.run.settings, order);
    const call = this.call(model, model.transactionId);
    const input: OpenInput = {
      ...call,
      amount: this.money(KIT_AMOUNT),
      ...(this.target.plan ? { plan: this.target.plan } : {}),
      registerAlias: registrationAsked(model.session, model.offer),
      order: { orderId: model.session.orderId },
      returnUrl: this.run.returnUrl(model.attemptId),
      notificationUrl: this.run.notificationUrl,
    };
    return { model, input };
  }

  /** Opens with `play` as the PSP, through confirm, the payer's return and the notifications. */
  async open(model: ServiceModel, input: OpenInput, play: OpeningPlay): Promise<Opened> {
    const driver = this.driver;
    const outputs: OperationOutput[] = [];
    const facts: PspFact[] = [];
    const opened = await driver.open({ ...input, ...(play.payerInput ? { payerInput: play.payerInput } : {}) });
    this.seen(opened);
    model.recordOpen(opened);
    outputs.push(opened);
    facts.push(...opened.facts);
    if (play.walletToken) {
      if (!driver.confirm) throw new Error('the script gives a wallet token but the driver has no confirm');
      const providerRef = model.openingRef();
      const confirmed = await driver.confirm({ ...this.call(model, model.transactionId), amount: input.amount, payerInput: play.walletToken, order: input.order, ...(providerRef ? { providerRef } : {}) });
      this.seen(confirmed);
      model.apply(confirmed.facts);
      outputs.push(confirmed);
      facts.push(...confirmed.facts);
    }
    // The page runs each in-page action and the service sends its result (the confirm door), until none is asked.
    let answered: OpenOutput = opened;
    for (let step = 0; answered.pageAction && play.pageRuns && step < 5; step += 1) {
      if (!driver.completeAction) throw new Error('the driver relays an in-page action but has no completeAction');
      const details = await play.pageRuns(answered.pageAction, answered.ack);
      model.takePageAction(Object.keys(details));
      answered = await driver.completeAction(this.actionInput(model, input, details));
      this.seen(answered);
      model.recordOpen(answered);
      outputs.push(answered);
      facts.push(...answered.facts);
    }
    if (opened.redirect && play.payerReturns) {
      const params = await play.payerReturns(opened.redirect, opened.ack);
      if (driver.completeReturn) {
        const returned = await driver.completeReturn(this.returnInput(model, input, params));
        this.seen(returned);
        model.apply(returned.facts);
        outputs.push(returned);
        facts.push(...returned.facts);
      }
    }
    const notifications = await play.notifications(opened.ack);
    for (const notification of notifications) {
      const parsed = await this.parse(notification);
      if (parsed.kind !== 'accepted') throw new Error(`the provider rejected a notification the script says the PSP sent (${parsed.reason.split(':')[0]})`);
      model.apply(parsed.facts);
      facts.push(...parsed.facts);
    }
    return { model, input, openOutput: opened, outputs, notifications, facts };
  }

  /** The result of an in-page action of the opening of `model`, as the confirm door sends it. */
  actionInput(model: ServiceModel, input: OpenInput, details: Readonly<Record<string, string>>): ActionResultInput {
    return { ...this.call(model, model.transactionId), target: this.openingOf(model), amount: input.amount, details };
  }

  /** The payer's return after the opening of `model` sent them to the PSP, as the return door sends it. */
  returnInput(model: ServiceModel, input: OpenInput, params: Readonly<Record<string, string>>): ReturnInput {
    return { ...this.call(model, model.transactionId), target: this.openingOf(model), amount: input.amount, params };
  }

  /** The status query of a follow-up the PSP took without its verdict, as the service builds it. */
  followUpLookupInput(type: FollowUpKind, done: FollowUpInput, providerRef?: string): FollowUpLookupInput {
    const { target: _acted, opening, ...call } = done;
    return { ...call, type, operation: { transactionId: done.transactionId, ...(providerRef ? { providerRef } : {}) }, opening: opening ?? done.target };
  }

  /**
   * A capture, void or refund of the opening of `model`, as the service builds it: it acts on the
   * opening, except a refund of a captured hold, which acts on the capture (`target`).
   */
  followUpInput(model: ServiceModel, amount: number, target?: OperationRef): FollowUpInput {
    const transactionId = randomUUID();
    const providerRef = model.openingRef();
    const opening = { transactionId: model.transactionId, ...(providerRef ? { providerRef } : {}) };
    return { ...this.call(model, transactionId), amount: this.money(amount), target: target ?? opening, opening };
  }

  async followUp(kind: 'capture' | 'void' | 'refund', input: FollowUpInput, play: FollowUpPlay): Promise<FollowedUp> {
    const asked = play.amount ? { ...input, amount: play.amount } : input;
    const output = await this.driver[kind](asked);
    this.seen(output);
    const notifications = await play.notifications(output.ack);
    const facts: PspFact[] = [...output.facts];
    for (const notification of notifications) {
      const parsed = await this.parse(notification);
      if (parsed.kind !== 'accepted') throw new Error(`the provider rejected a notification the script says the PSP sent (${parsed.reason.split(':')[0]})`);
      facts.push(...parsed.facts);
    }
    return { input: asked, output, notifications, facts };
  }

  async parse(notification: InboundNotification): ReturnType<PspProvider['parseNotification']> {
    this.lent = [];
    const parsed = await this.provider.parseNotification(notification, this.context);
    if (parsed.kind === 'accepted') expectFactsOfLentContracts(parsed.facts, this.lent);
    this.answers.push(parsed.kind === 'accepted' ? { facts: parsed.facts, reply: parsed.reply } : { reason: parsed.reason, reply: parsed.reply });
    if (parsed.kind === 'accepted') this.noteRefs(parsed.facts);
    return parsed;
  }

  /** Records an answer (searched for secrets later) and the references it names. */
  seen(output: OperationOutput): void {
    this.answers.push(output);
    if (output.ack.providerRef) this.known.providerRefs.add(output.ack.providerRef);
    this.noteRefs(output.facts);
  }

  async stop(): Promise<void> {
    await this.run.stop();
  }

  private noteRefs(facts: readonly PspFact[]): void {
    for (const fact of facts) {
      const ref = fact.kind === 'chargeback' ? fact.providerRef : (fact.providerRef ?? fact.ref.providerRef);
      if (ref) this.known.providerRefs.add(ref);
    }
  }

  private openingOf(model: ServiceModel): OperationRef {
    const providerRef = model.openingRef();
    return { transactionId: model.transactionId, ...(providerRef ? { providerRef } : {}) };
  }

  private call(model: ServiceModel, transactionId: string): DriverCall {
    this.known.transactionIds.add(transactionId);
    return {
      transactionId: transactionId as TransactionId,
      attemptId: model.attemptId as DriverCall['attemptId'],
      // As the service's gateway builds it (application's operationReference, which a PSP package may not import).
      reference: `${model.session.orderId}-${transactionId.replace(/-/g, '').slice(-8)}`,
      offer: model.offer,
      settings: this.run.settings,
    };
  }
}
