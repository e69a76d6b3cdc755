import type { OperationRef, PspFact } from '@splitpay/domain';
import { KIT_AMOUNT, type FollowedUp, type KitSession, type Opened } from '../kit-session';
import type { FollowUpOutcome, PspKitTarget } from '../kit-target';
import { check, expectAmountSeen, fail, isAbout, type KitCheck } from './check';
import { authorizedInFull } from './opening.checks';

type Kind = 'capture' | 'void' | 'refund';
const FACT_OF = { capture: 'captured', void: 'voided', refund: 'refunded' } as const;

/** The verdict of a follow-up: its answer's and notifications' facts about it, of its kind. */
function verdicts(kind: Kind, done: FollowedUp): Extract<PspFact, { success: boolean }>[] {
  return done.facts.filter((f): f is Extract<PspFact, { success: boolean }> => f.kind === FACT_OF[kind] && isAbout(f, done.input, done.output.ack));
}

export async function followUp(kit: KitSession, opened: Opened, kind: Kind, amount: number, outcome: FollowUpOutcome, target?: OperationRef): Promise<FollowedUp> {
  const input = kit.followUpInput(opened.model, amount, target);
  const script = kit.run.script;
  const play = kind === 'capture' ? await script.capture(input, outcome) : kind === 'refund' ? await script.refund(input, outcome) : script.void ? await script.void(input) : fail('the driver declares void: the script must play one');
  const done = await kit.followUp(kind, input, play);
  if (kind !== 'void') expectAmountSeen(play, done.input.amount, kind);
  const told = verdicts(kind, done);
  if (told.length === 0) fail(`no ${FACT_OF[kind]} fact about the ${kind} (ack ${done.output.ack.outcome}${done.output.ack.code ? ` ${done.output.ack.code}` : ''})`);
  expect(told.map((f) => f.success)).toEqual(told.map(() => outcome === 'succeeds'));
  if (outcome === 'succeeds') expect(done.output.ack.outcome).toBe('accepted');
  return done;
}

/** The operation that took the money: the capture of a hold (what the service refunds), else the payment. */
export function takingRef(done: FollowedUp): OperationRef {
  const fact = verdicts('capture', done)[0];
  const providerRef = done.output.ack.providerRef ?? fact?.providerRef ?? fact?.ref.providerRef;
  return { transactionId: done.input.transactionId, ...(providerRef ? { providerRef } : {}) };
}

/** A captured (or directly paid) opening, ready to refund, and what a refund acts on. */
export async function taken(kit: KitSession): Promise<{ opened: Opened; target?: OperationRef }> {
  const opened = await authorizedInFull(kit);
  if (opened.model.attempt().operation !== 'authorization') return { opened };
  return { opened, target: takingRef(await followUp(kit, opened, 'capture', KIT_AMOUNT, 'succeeds')) };
}

/** Capture (succeeds, fails), void, refund (full, partial, failed). */
export function followUpChecks(target: PspKitTarget): KitCheck[] {
  const holds = async (kit: KitSession, run: (opened: Opened) => Promise<void>): Promise<void> => {
    const opened = await authorizedInFull(kit);
    if (opened.model.attempt().operation !== 'authorization') return; // a direct payment has nothing to capture or void
    await run(opened);
  };
  return [
    check(target, 'capture -> captured', (kit) => holds(kit, async (opened) => void (await followUp(kit, opened, 'capture', KIT_AMOUNT, 'succeeds')))),
    check(target, 'capture refused -> a failed capture', (kit) => holds(kit, async (opened) => void (await followUp(kit, opened, 'capture', KIT_AMOUNT, 'fails')))),
    check(target, 'void -> voided (when the driver declares void)', (kit) =>
      holds(kit, async (opened) => {
        if (!kit.capabilities.void) return;
        await followUp(kit, opened, 'void', KIT_AMOUNT, 'succeeds');
      }),
    ),
    check(target, 'refund in full -> refunded', async (kit) => {
      if (!kit.capabilities.refund) return;
      const { opened, target: capture } = await taken(kit);
      await followUp(kit, opened, 'refund', KIT_AMOUNT, 'succeeds', capture);
    }),
    check(target, 'refund of a slice -> refunded (when the driver declares partial refunds)', async (kit) => {
      if (!kit.capabilities.refund || !kit.capabilities.partialRefund) return;
      const { opened, target: capture } = await taken(kit);
      await followUp(kit, opened, 'refund', KIT_AMOUNT / 4, 'succeeds', capture);
    }),
    check(target, 'refund refused -> a failed refund', async (kit) => {
      if (!kit.capabilities.refund) return;
      const { opened, target: capture } = await taken(kit);
      await followUp(kit, opened, 'refund', KIT_AMOUNT, 'fails', capture);
    }),
  ];
}
