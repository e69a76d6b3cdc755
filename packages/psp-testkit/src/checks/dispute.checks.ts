import type { PspFact } from '@splitpay/domain';
import { KIT_AMOUNT } from '../kit-session';
import type { PspKitTarget } from '../kit-target';
import { check, fail, type KitCheck } from './check';
import { taken } from './follow-up.checks';

type Chargeback = Extract<PspFact, { kind: 'chargeback' }>;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A dispute the PSP notifies -> one `chargeback` fact with the dispute's fields, naming the money it
 * took as the service's chargeback intake finds it: the PSP's reference of the taking operation or of
 * the opening (a PSP names a dispute by its payment), else our transaction id of one of them.
 */
export function disputeChecks(target: PspKitTarget): KitCheck[] {
  return [
    check(target, "a dispute -> a chargeback fact on the money it took, with the dispute's fields (when the target reads disputes)", async (kit) => {
      const script = kit.run.script;
      if (!target.readsDisputes) {
        if (script.chargeback) fail('the script plays a dispute but the target does not declare readsDisputes');
        return;
      }
      if (!script.chargeback) return fail('the target reads disputes: the script must play one (chargeback)');
      const { opened, target: taking } = await taken(kit);
      const input = kit.followUpInput(opened.model, KIT_AMOUNT, taking);
      const play = await script.chargeback(input);
      const facts: PspFact[] = [];
      for (const notification of await play.notifications()) {
        const parsed = await kit.parse(notification);
        if (parsed.kind !== 'accepted') return fail(`the provider rejected the dispute notification the PSP sent (${parsed.reason.split(':')[0]})`);
        facts.push(...parsed.facts);
      }
      const chargebacks = facts.filter((f): f is Chargeback => f.kind === 'chargeback');
      if (chargebacks.length === 0) return fail(`the PSP notified a dispute but the reader gave no chargeback fact (${facts.map((f) => f.kind).join(', ') || 'no fact'})`);
      for (const fact of chargebacks) {
        const { type, amount, reasonCode, status, date, validUntil } = fact;
        expect({ type, amount, reasonCode, status, date, validUntil }).toEqual(play.dispute);
        expect(date).toMatch(DAY);
        if (validUntil !== undefined) expect(validUntil).toMatch(DAY);
        const refs = [input.target.providerRef, input.opening?.providerRef].filter((r) => r !== undefined);
        const ours = [input.target.transactionId, input.opening?.transactionId];
        const named = refs.includes(fact.providerRef) || (fact.transactionId !== undefined && ours.includes(fact.transactionId));
        if (!named) fail(`the chargeback names ${fact.providerRef}, neither the operation that took the money nor the opening: the service could not attach it`);
      }
    }),
  ];
}
