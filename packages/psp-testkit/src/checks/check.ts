import type { DriverAck, FollowUpInput, Money, PspFact } from '@splitpay/domain';
import type { PspKitTarget } from '../kit-target';
import { KitSession } from '../kit-session';
import { recordPrintedOutput } from '../printed-output';

/** One check of the contract: a name (the jest test's) and its run, which throws when the driver fails it. */
export interface KitCheck {
  readonly name: string;
  run(): Promise<void>;
}

/**
 * A check on a fresh provider and scripted PSP; afterwards nothing the provider logged, answered or
 * printed (to the console, stdout or stderr, past the kit's logger) may hold a secret setting, card
 * data or a wallet token.
 */
export function check(target: PspKitTarget, name: string, body: (kit: KitSession) => Promise<void>): KitCheck {
  return {
    name,
    async run() {
      const printed = recordPrintedOutput();
      try {
        const kit = await KitSession.start(target);
        try {
          await body(kit);
          expectNoSecretIn(kit);
          expectNoSecretPrinted(kit, printed.text());
        } finally {
          await kit.stop();
        }
      } finally {
        printed.stop();
      }
    },
  };
}

/** No secret in what was printed around the kit's logger (console, stdout, stderr). */
function expectNoSecretPrinted(kit: KitSession, printed: string): void {
  const secret = kit.secrets().find((s) => printed.includes(s));
  if (secret !== undefined) throw new Error(`the console, stdout or stderr got a secret value (${secret.slice(0, 2)}...): a provider logs through the logger the service gives it`);
}

/** No secret in a log line, an answer or a fact. */
export function expectNoSecretIn(kit: KitSession): void {
  const logged = kit.logger.lines.join('\n');
  const answered = JSON.stringify(kit.answers);
  for (const secret of kit.secrets()) {
    if (logged.includes(secret)) throw new Error(`a log line holds a secret value (${secret.slice(0, 2)}...): ${kit.logger.lines.find((l) => l.includes(secret))?.replace(secret, '<secret>')}`);
    if (answered.includes(secret)) throw new Error(`a driver answer or fact holds a secret value (${secret.slice(0, 2)}...)`);
  }
}

/** Whether a fact is about the follow-up `input` (our transaction id, or the PSP's reference of it or of its payment). */
export function isAbout(fact: PspFact, input: FollowUpInput, ack: DriverAck): boolean {
  if (fact.kind === 'chargeback') return false;
  if (fact.ref.transactionId !== undefined) return fact.ref.transactionId === input.transactionId;
  const ref = fact.ref.providerRef ?? fact.providerRef;
  return ref !== undefined && (ref === ack.providerRef || ref === input.target.providerRef);
}

export function fail(message: string): never {
  throw new Error(message);
}

/**
 * The PSP received the amount asked, in minor units once the target converted its unit: a driver that
 * sends major units, or the whole payment for a slice, fails here (the answers alone would not show it).
 */
export function expectAmountSeen(play: { amountSeen?(): number | undefined }, asked: Money, call: string): void {
  if (!play.amountSeen) fail(`the script must report the amount the PSP received for the ${call} (amountSeen)`);
  const seen = play.amountSeen();
  if (seen !== asked.amount) fail(`the PSP received ${String(seen)} (minor units) for the ${call} of ${asked.amount} ${asked.currency}`);
}
