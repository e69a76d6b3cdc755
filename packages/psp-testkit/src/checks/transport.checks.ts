import type { DriverAck, FollowUpInput, OperationOutput, OperationRef } from '@splitpay/domain';
import { KIT_AMOUNT, type KitSession } from '../kit-session';
import type { FollowUpKind, NotNowStatus, PspKitTarget, TransportFault } from '../kit-target';
import { check, fail, type KitCheck } from './check';
import { authorizedInFull } from './opening.checks';

const LABEL: Record<TransportFault | NotNowStatus, string> = { reset: 'a connection reset', timeout: 'a timeout', '5xx': 'a 5xx answer', '408': 'a 408 answer', '429': 'a 429 answer' };

/**
 * A fault leaves the verdict open: an `unknown` ack and no fact. An answer (a 5xx, "not now") has an
 * HTTP status, and the ack carries it; a reset or a timeout has none. Neither is a refusal nor a success.
 */
export function expectUnknown(output: OperationOutput, fault: TransportFault | NotNowStatus): void {
  const { outcome, httpStatus } = output.ack as DriverAck;
  if (fault === '408' || fault === '429') {
    expect({ outcome, httpStatus, facts: output.facts }).toEqual({ outcome: 'unknown', httpStatus: Number(fault), facts: [] });
    return;
  }
  if (fault === '5xx') {
    expect({ outcome, facts: output.facts }).toEqual({ outcome: 'unknown', facts: [] });
    if (httpStatus === undefined || httpStatus < 500) fail(`the ack of a 5xx answer carries httpStatus ${String(httpStatus)}, not the PSP's 5xx status`);
    return;
  }
  expect({ outcome, httpStatus, facts: output.facts }).toEqual({ outcome: 'unknown', httpStatus: undefined, facts: [] });
}

/**
 * The `kind` call of `input` meets `fault`: an unknown ack; the service's retry (same transaction id)
 * carries the same idempotency key, its own transaction id, and goes through. Gives what the retry
 * acted on, and how long the faulted call took (ms).
 */
export async function faultThenRetry(kit: KitSession, fault: TransportFault | NotNowStatus, kind: FollowUpKind, input: FollowUpInput): Promise<{ taking: OperationRef; faultedMs: number }> {
  const { keysSeen } = await kit.run.script.transportFault(fault, kind, input);
  const started = Date.now();
  const failed = await kit.driver[kind](input);
  const faultedMs = Date.now() - started;
  kit.seen(failed);
  try {
    expectUnknown(failed, fault);
  } catch (error) {
    fail(`the ${kind}: ${error instanceof Error ? error.message : String(error)}`);
  }
  // The service retries the same operation (same transaction id): the PSP must see the same key.
  const again = await kit.driver[kind](input);
  kit.seen(again);
  const keys = keysSeen();
  if (keys.length !== 2 || keys[1] !== keys[0]) fail(`the PSP received the ${kind} and its retry with the idempotency keys ${JSON.stringify(keys)}, not one key twice`);
  // The key is the operation's own transaction id: a key shared by two operations (the opening's,
  // the payment's) would make the PSP answer the second with the first one's result.
  if (keys[0] !== input.transactionId) fail(`the ${kind}'s idempotency key is ${String(keys[0])}, not its transaction id ${input.transactionId}`);
  if (again.ack.outcome !== 'accepted') fail(`the retry of the ${kind} after ${LABEL[fault]} was answered ${again.ack.outcome}, not accepted`);
  const providerRef = again.ack.providerRef ?? again.facts.map((f) => (f.kind === 'chargeback' ? f.providerRef : (f.providerRef ?? f.ref.providerRef))).find((r) => r !== undefined);
  return { taking: { transactionId: input.transactionId, ...(providerRef ? { providerRef } : {}) }, faultedMs };
}

/**
 * `fault` to each follow-up the driver declares: the capture of a hold, the refund (of the capture, or
 * of a direct payment, whose only follow-up it is: played even when undeclared), the void of another hold.
 */
export async function eachFollowUpMeets(kit: KitSession, fault: TransportFault | NotNowStatus): Promise<void> {
  const opened = await authorizedInFull(kit);
  const hold = opened.model.attempt().operation === 'authorization';
  let taking: OperationRef | undefined;
  if (hold) taking = (await faultThenRetry(kit, fault, 'capture', kit.followUpInput(opened.model, KIT_AMOUNT))).taking;
  if (kit.capabilities.refund || !hold) await faultThenRetry(kit, fault, 'refund', kit.followUpInput(opened.model, KIT_AMOUNT, taking));
  if (hold && kit.capabilities.void) {
    const other = await authorizedInFull(kit);
    await faultThenRetry(kit, fault, 'void', kit.followUpInput(other.model, KIT_AMOUNT));
  }
}

/**
 * A transport fault or a 5xx to each follow-up the driver declares (the capture of a hold, its void,
 * the refund) -> an `unknown` ack; the retry carries the same idempotency key, which is our
 * transaction id of the operation, and goes through. A declared status lookup meets each fault too.
 */
export function transportChecks(target: PspKitTarget): KitCheck[] {
  const faults: readonly TransportFault[] = ['reset', 'timeout', '5xx'];
  return [
    ...faults.map((fault) => check(target, `${LABEL[fault]} to each follow-up (capture, refund, void) -> an unknown ack, and the retry carries the same idempotency key`, (kit) => eachFollowUpMeets(kit, fault))),
    ...faults.map((fault) =>
      check(target, `${LABEL[fault]} to a status lookup (when declared) -> an unknown ack, no verdict`, async (kit) => {
        const driver = kit.driver;
        if (!driver.capabilities.statusLookup || !driver.lookup) return;
        const script = kit.run.script;
        if (!script.lookupFault) return fail('the driver declares statusLookup: the script must play faults of a status query (lookupFault)');
        const opened = await authorizedInFull(kit);
        const providerRef = opened.model.openingRef();
        const input = { ...kit.followUpInput(opened.model, 0), transactionId: opened.input.transactionId, amount: opened.input.amount, target: { transactionId: opened.input.transactionId, ...(providerRef ? { providerRef } : {}) } };
        await script.lookupFault(input, fault);
        const looked = await driver.lookup(input);
        kit.seen(looked);
        expectUnknown(looked, fault);
      }),
    ),
  ];
}
