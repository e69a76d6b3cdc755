import type { OperationOutput, OperationRef } from '@splitpay/domain';
import { KIT_DEADLINE_MARGIN_MS, KIT_PSP_TIMEOUT_MS } from '../kit-deadline';
import { KIT_AMOUNT, type KitSession } from '../kit-session';
import type { PspKitTarget } from '../kit-target';
import { check, fail, type KitCheck } from './check';
import { authorizedInFull } from './opening.checks';
import { expectUnknown, faultThenRetry } from './transport.checks';

export const DEADLINE_CHECK = 'the PSP hangs past the deadline on each operation the driver declares (open, capture, refund, void, status lookup) -> it gives up within its timeout with an unknown ack, retrying nothing past it';

/** A call the PSP hung on ended within the timeout the service gave the provider, plus the kit's margin. */
function expectWithinDeadline(call: string, ms: number): void {
  if (ms <= KIT_PSP_TIMEOUT_MS + KIT_DEADLINE_MARGIN_MS) return;
  fail(`the ${call} the PSP hung on ended after ${ms} ms, past the timeout of ${KIT_PSP_TIMEOUT_MS} ms the service gave the provider (margin ${KIT_DEADLINE_MARGIN_MS} ms): the driver waits, or retries, past its deadline`);
}

/** ...and as the transport fault the port defines: an unknown ack without a status, and no fact. */
function expectGivenUp(call: string, output: OperationOutput, ms: number): void {
  expectWithinDeadline(call, ms);
  try {
    expectUnknown(output, 'timeout');
  } catch (error) {
    fail(`the ${call} the PSP hung on: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function timed<T>(call: () => Promise<T>): Promise<{ output: T; ms: number }> {
  const started = Date.now();
  const output = await call();
  return { output, ms: Date.now() - started };
}

/** The opening meets a hanging PSP: the open call, or the confirm of a driver that has one. */
async function hungOpening(kit: KitSession): Promise<void> {
  const driver = kit.driver;
  const { model, input } = kit.newOpening();
  const play = await kit.run.script.openingHangs(input);
  const open = { ...input, ...(play.payerInput ? { payerInput: play.payerInput } : {}) };
  if (!driver.capabilities.confirm) {
    const { output, ms } = await timed(() => driver.open(open));
    kit.seen(output);
    return expectGivenUp('open', output, ms);
  }
  if (!driver.confirm || !play.walletToken) return fail('the driver declares confirm: openingHangs must give the wallet token the confirm sends');
  const opened = await driver.open(open);
  kit.seen(opened);
  model.recordOpen(opened);
  const providerRef = model.openingRef();
  const confirm = driver.confirm.bind(driver);
  const { output, ms } = await timed(() => confirm({ ...open, payerInput: play.walletToken ?? {}, ...(providerRef ? { providerRef } : {}) }));
  kit.seen(output);
  expectGivenUp('confirm', output, ms);
}

/**
 * The service gives each provider a timeout (PspPluginDeps.timeoutMs) and times its own retries on it
 * (D90): a driver that waits longer, or retries a hung call with a fresh timeout, is still talking to
 * the PSP when the service has moved on. Each operation the driver declares meets a PSP that holds the
 * call past the deadline: the call must end within the timeout (plus a margin, KIT_DEADLINE_MARGIN_MS)
 * with an unknown ack and no fact.
 */
export function deadlineChecks(target: PspKitTarget): KitCheck[] {
  return [
    check(target, DEADLINE_CHECK, async (kit) => {
      await hungOpening(kit);
      const opened = await authorizedInFull(kit);
      const hold = opened.model.attempt().operation === 'authorization';
      let taking: OperationRef | undefined;
      const given = async (kind: 'capture' | 'refund' | 'void', input: Parameters<typeof faultThenRetry>[3]): Promise<OperationRef> => {
        // faultThenRetry checks the unknown ack and the retry; the time is this check's.
        const { taking: acted, faultedMs } = await faultThenRetry(kit, 'timeout', kind, input);
        expectWithinDeadline(kind, faultedMs);
        return acted;
      };
      if (hold) taking = await given('capture', kit.followUpInput(opened.model, KIT_AMOUNT));
      if (kit.capabilities.refund || !hold) await given('refund', kit.followUpInput(opened.model, KIT_AMOUNT, taking));
      if (hold && kit.capabilities.void) await given('void', kit.followUpInput((await authorizedInFull(kit)).model, KIT_AMOUNT));
      const driver = kit.driver;
      if (!driver.capabilities.statusLookup || !driver.lookup) return;
      const script = kit.run.script;
      if (!script.lookupFault) return fail('the driver declares statusLookup: the script must play faults of a status query (lookupFault)');
      const looked = await authorizedInFull(kit);
      const providerRef = looked.model.openingRef();
      const input = { ...kit.followUpInput(looked.model, 0), transactionId: looked.input.transactionId, amount: looked.input.amount, target: { transactionId: looked.input.transactionId, ...(providerRef ? { providerRef } : {}) } };
      await script.lookupFault(input, 'timeout');
      const lookup = driver.lookup.bind(driver);
      const { output, ms } = await timed(() => lookup(input));
      kit.seen(output);
      expectGivenUp('status lookup', output, ms);
    }),
  ];
}
