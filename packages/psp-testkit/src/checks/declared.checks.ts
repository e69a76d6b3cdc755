import { isAssignedCurrency } from '@splitpay/domain';
import type { PspKitTarget } from '../kit-target';
import { check, fail, type KitCheck } from './check';
import { authorizedInFull } from './opening.checks';

/** What the driver declares matches what it has; a declared status lookup answers authoritatively. */
export function declaredChecks(target: PspKitTarget): KitCheck[] {
  return [
    check(target, 'has what it declares (confirm, status lookup, follow-up lookup) under the provider and method it is registered with', async (kit) => {
      const driver = kit.driver;
      expect({ provider: kit.provider.id, driverProvider: driver.provider, method: driver.method }).toEqual({ provider: target.provider, driverProvider: target.provider, method: target.method });
      if (driver.capabilities.confirm) expect(driver.confirm).toEqual(expect.any(Function));
      if (driver.capabilities.statusLookup) expect(driver.lookup).toEqual(expect.any(Function));
      // Declared, the service schedules lookups of pending follow-ups; undeclared, a lookupFollowUp is never called.
      expect({ followUpLookup: driver.capabilities.followUpLookup === true }).toEqual({ followUpLookup: typeof driver.lookupFollowUp === 'function' });
    }),
    check(target, 'the currencies it takes (when it declares some) are assigned ISO 4217 codes, the one the kit pays in among them', async (kit) => {
      const currencies = kit.capabilities.currencies;
      if (currencies === undefined) return;
      expect(currencies.length).toBeGreaterThan(0);
      expect(currencies.filter((code) => !/^[A-Z]{3}$/.test(code) || !isAssignedCurrency(code))).toEqual([]);
      expect(currencies).toContain(kit.money(1).currency);
    }),
    check(target, 'a card the components show as hosted fields (acquirer-hosted, the default) gives its hostedFields under the contract', async (kit) => {
      if (target.method !== 'card') return;
      // The card view defaults to acquirer-hosted, and the components load hosted fields for every card but the fake one.
      const integration = kit.capabilities.cardIntegration ?? 'acquirer-hosted';
      if (integration === 'fake') return;
      if (integration !== 'acquirer-hosted') fail(`cardIntegration ${integration}: the payment components can only take a card through hosted fields (acquirer-hosted)`);
      if (!kit.driver.hostedFields) fail('the card is offered as hosted fields (acquirer-hosted) but the driver has no hostedFields: the page could not load the card form');
      const fields = kit.driver.hostedFields(kit.run.settings);
      // The view hands them to every payer's browser: searched for secrets with the answers.
      kit.answers.push(fields);
      expect(fields).toEqual({ keyId: expect.any(String), key: expect.any(String), sdkUrl: expect.stringMatching(/^https:\/\//) });
    }),
    check(target, 'status lookup (when declared) -> the authorized opening', async (kit) => {
      const driver = kit.driver;
      if (!driver.capabilities.statusLookup || !driver.lookup) return;
      const opened = await authorizedInFull(kit);
      const providerRef = opened.model.openingRef();
      const input = { ...kit.followUpInput(opened.model, 0), transactionId: opened.input.transactionId, amount: opened.input.amount, target: { transactionId: opened.input.transactionId, ...(providerRef ? { providerRef } : {}) } };
      await kit.run.script.lookup?.(input);
      const looked = await driver.lookup(input);
      kit.seen(looked);
      expect(looked.ack.outcome).toBe('accepted');
      const fact = looked.facts.find((f) => f.kind === 'authorized');
      expect(fact && fact.kind === 'authorized' ? fact.granted : undefined).toEqual(opened.input.amount);
      // The service applies a lookup's answer like a notification's: nothing new for an applied verdict.
      expect(opened.model.apply(looked.facts)).toBe(false);
    }),
  ];
}
