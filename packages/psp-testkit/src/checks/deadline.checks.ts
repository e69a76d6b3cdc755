import type { OperationOutput } from '@splitpay/domain';
import { KIT_DEADLINE_MARGIN_MS, KIT_PSP_TIMEOUT_MS } from '../kit-deadline';
import { KIT_AMOUNT, type KitSession } from '../kit-session';
import type { PspKitTarget } from '../kit-target';
import { check, fail, type KitCheck } from './check';
import { followUp, taken, takingRef } from './follow-up.checks';
import { authorizedInFull } from './opening.checks';
import { expectUnknown } from './transport.checks';

/** Each driver call the service times on the provider's timeout, which the deadline checks hold. */
export type DeadlineCall = 'opening' | 'capture' | 'refund' | 'void' | 'status lookup' | 'return' | 'in-page action result' | 'follow-up status query';

const HELD: Record<DeadlineCall, string> = {
  opening: 'the opening (the open, or its confirm)',
  capture: 'the capture of a hold',
  refund: 'the refund',
  void: 'the void of a hold (when declared)',
  'status lookup': 'a status lookup (when declared)',
  return: "the payer's return (completeReturn, when declared)",
  'in-page action result': "an in-page action's result (completeAction, when declared)",
  'follow-up status query': "a follow-up's status query (lookupFollowUp, when declared)",
};

/** The name of the deadline check of `call`. */
export function deadlineCheckName(call: DeadlineCall): string {
  return `the PSP holds every call of ${HELD[call]} past the deadline -> it gives up within its timeout with an unknown ack`;
}

/** A call the PSP held ended within the timeout the service gave the provider, plus the kit's margin. */
function expectWithinDeadline(call: DeadlineCall, ms: number): void {
  if (ms <= KIT_PSP_TIMEOUT_MS + KIT_DEADLINE_MARGIN_MS) return;
  fail(`the ${call} the PSP held ended after ${ms} ms, past the timeout of ${KIT_PSP_TIMEOUT_MS} ms the service gave the provider (margin ${KIT_DEADLINE_MARGIN_MS} ms): the driver waits, retries, or spends the time on earlier calls, past its deadline`);
}

/**
 * The PSP holds every call from now on, then `make` is timed: it must end within the deadline, as the
 * port's transport fault (an unknown ack without a status, no fact). A call that needs no PSP call
 * (`mayAnswerAlone`: a return that carries what the driver needs) is held to the deadline only.
 */
async function givenUp(kit: KitSession, call: DeadlineCall, make: () => Promise<OperationOutput>, options: { readonly mayAnswerAlone?: boolean } = {}): Promise<void> {
  const hold = await kit.run.script.holdsEveryCall();
  const started = Date.now();
  const output = await make();
  const ms = Date.now() - started;
  kit.seen(output);
  expectWithinDeadline(call, ms);
  if (hold.held() === 0) {
    if (options.mayAnswerAlone) return;
    fail(`the ${call} made no call the PSP held: holdsEveryCall must hold every call to the PSP`);
  }
  try {
    expectUnknown(output, 'timeout');
  } catch (error) {
    fail(`the ${call} the PSP held: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The opening meets a PSP holding every call: the open, or the confirm of a driver that has one (after an answered open). */
async function heldOpening(kit: KitSession): Promise<void> {
  const driver = kit.driver;
  const { model, input } = kit.newOpening();
  const play = await kit.run.script.authorize(input);
  const open = { ...input, ...(play.payerInput ? { payerInput: play.payerInput } : {}) };
  if (!driver.capabilities.confirm) return givenUp(kit, 'opening', () => driver.open(open));
  if (!driver.confirm || !play.walletToken) return fail('the driver declares confirm: authorize must give the wallet token the confirm sends');
  const opened = await driver.open(open);
  kit.seen(opened);
  model.recordOpen(opened);
  const providerRef = model.openingRef();
  const confirm = driver.confirm.bind(driver);
  const walletToken = play.walletToken;
  return givenUp(kit, 'opening', () => confirm({ ...open, payerInput: walletToken, ...(providerRef ? { providerRef } : {}) }));
}

/** The payer comes back from the PSP (a redirect method, or a 3-D Secure card's redirect) to a PSP holding every call. */
async function heldReturn(kit: KitSession): Promise<void> {
  const driver = kit.driver;
  if (!driver.completeReturn) return;
  const script = kit.run.script;
  const { model, input } = kit.newOpening();
  const play = script.redirect ? await script.redirect(input) : await script.authorize(input);
  const opened = await driver.open({ ...input, ...(play.payerInput ? { payerInput: play.payerInput } : {}) });
  kit.seen(opened);
  model.recordOpen(opened);
  if (!opened.redirect || !play.payerReturns) return fail('the driver has completeReturn: the script must play an opening that sends the payer to the PSP and back (redirect, or authorize for a redirect method)');
  const params = await play.payerReturns(opened.redirect, opened.ack);
  const completeReturn = driver.completeReturn.bind(driver);
  return givenUp(kit, 'return', () => completeReturn(kit.returnInput(model, input, params)), { mayAnswerAlone: true });
}

/** The page sends the result of the opening's in-page action to a PSP holding every call. */
async function heldActionResult(kit: KitSession): Promise<void> {
  const driver = kit.driver;
  if (!driver.completeAction) return;
  const script = kit.run.script;
  if (!script.inPageAction) return fail('the driver has completeAction: the script must play an in-page action');
  const { model, input } = kit.newOpening();
  const play = await script.inPageAction(input);
  const opened = await driver.open({ ...input, ...(play.payerInput ? { payerInput: play.payerInput } : {}) });
  kit.seen(opened);
  model.recordOpen(opened);
  if (!opened.pageAction || !play.pageRuns) return fail('the in-page action play must open with a page action and say what the page sends (pageRuns)');
  const details = await play.pageRuns(opened.pageAction, opened.ack);
  model.takePageAction(Object.keys(details));
  const completeAction = driver.completeAction.bind(driver);
  return givenUp(kit, 'in-page action result', () => completeAction(kit.actionInput(model, input, details)));
}

/** The status query of a follow-up (the capture of a hold, else the refund of a payment) meets a PSP holding every call. */
async function heldFollowUpQuery(kit: KitSession): Promise<void> {
  const driver = kit.driver;
  if (!driver.lookupFollowUp || !driver.capabilities.followUpLookup) return;
  const opened = await authorizedInFull(kit);
  const hold = opened.model.attempt().operation === 'authorization';
  if (!hold && !kit.capabilities.refund) return;
  const done = await followUp(kit, opened, hold ? 'capture' : 'refund', KIT_AMOUNT, 'succeeds');
  const lookupFollowUp = driver.lookupFollowUp.bind(driver);
  const input = kit.followUpLookupInput(hold ? 'capture' : 'refund', done.input, takingRef(done).providerRef);
  return givenUp(kit, 'follow-up status query', () => lookupFollowUp(input));
}

/**
 * The service gives each provider a timeout (PspPluginDeps.timeoutMs) and times its own retries on it
 * (D90): a driver that waits longer, retries a held call with a fresh timeout, or gives each of its
 * calls (a token, a search, then the operation) a timeout of its own, is still talking to the PSP when
 * the service has moved on. Each call the driver declares meets a PSP that holds every call past the
 * deadline: it must end within the timeout (plus a margin, KIT_DEADLINE_MARGIN_MS) with an unknown ack
 * and no fact. One check per call, each on a fresh PSP: nothing follows a hang.
 */
export function deadlineChecks(target: PspKitTarget): KitCheck[] {
  const holds = async (kit: KitSession) => {
    const opened = await authorizedInFull(kit);
    return opened.model.attempt().operation === 'authorization' ? opened : undefined;
  };
  return [
    check(target, deadlineCheckName('opening'), heldOpening),
    check(target, deadlineCheckName('capture'), async (kit) => {
      const opened = await holds(kit);
      if (!opened) return; // a direct payment has nothing to capture
      const input = kit.followUpInput(opened.model, KIT_AMOUNT);
      await givenUp(kit, 'capture', () => kit.driver.capture(input));
    }),
    check(target, deadlineCheckName('refund'), async (kit) => {
      const { opened, target: capture } = await taken(kit);
      // A direct payment's only follow-up is its refund: played even when undeclared.
      if (capture && !kit.capabilities.refund) return;
      const input = kit.followUpInput(opened.model, KIT_AMOUNT, capture);
      await givenUp(kit, 'refund', () => kit.driver.refund(input));
    }),
    check(target, deadlineCheckName('void'), async (kit) => {
      if (!kit.capabilities.void) return;
      const opened = await holds(kit);
      if (!opened) return;
      const input = kit.followUpInput(opened.model, KIT_AMOUNT);
      await givenUp(kit, 'void', () => kit.driver.void(input));
    }),
    check(target, deadlineCheckName('status lookup'), async (kit) => {
      const driver = kit.driver;
      if (!driver.capabilities.statusLookup || !driver.lookup) return;
      const looked = await authorizedInFull(kit);
      const providerRef = looked.model.openingRef();
      const input = { ...kit.followUpInput(looked.model, 0), transactionId: looked.input.transactionId, amount: looked.input.amount, target: { transactionId: looked.input.transactionId, ...(providerRef ? { providerRef } : {}) } };
      const lookup = driver.lookup.bind(driver);
      await givenUp(kit, 'status lookup', () => lookup(input));
    }),
    check(target, deadlineCheckName('return'), heldReturn),
    check(target, deadlineCheckName('in-page action result'), heldActionResult),
    check(target, deadlineCheckName('follow-up status query'), heldFollowUpQuery),
  ];
}
