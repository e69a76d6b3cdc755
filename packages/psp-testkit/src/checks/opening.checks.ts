import { CARD_SCHEMES, type CardScheme, type PspFact } from '@splitpay/domain';
import { KIT_AMOUNT, type KitSession, type Opened } from '../kit-session';
import type { PspKitTarget } from '../kit-target';
import { check, expectAmountSeen, fail, type KitCheck } from './check';

type Authorized = Extract<PspFact, { kind: 'authorized' }>;

/**
 * Opens with the script's full authorization (the order asking to register the card when
 * `mustCreateAlias`) and checks the service recorded it in full, and that every authorized fact names
 * a card scheme the service knows, when it names one (the type does not stop a driver's cast).
 */
export async function authorizedInFull(kit: KitSession, order: { readonly mustCreateAlias?: boolean } = {}): Promise<Opened> {
  const { model, input } = kit.newOpening(order);
  const play = await kit.run.script.authorize(input);
  const opened = await kit.open(model, input, play);
  expectAmountSeen(play, input.amount, 'authorization');
  const attempt = model.attempt();
  expect({ status: attempt.status, granted: attempt.granted }).toEqual({
    status: attempt.operation === 'payment' ? 'CAPTURED' : 'AUTHORIZED',
    granted: kit.money(KIT_AMOUNT),
  });
  const authorized = opened.facts.filter((f): f is Authorized => f.kind === 'authorized');
  expect(authorized).not.toHaveLength(0);
  // The service caps a grant at what it asked, so a grant above it (units misread) would pass unseen.
  const above = authorized.find((f) => f.granted.amount > input.amount.amount || f.granted.currency !== input.amount.currency);
  if (above) fail(`an authorized fact grants ${above.granted.amount} ${above.granted.currency} for ${input.amount.amount} ${input.amount.currency} asked`);
  const unknown = authorized.map((f) => f.cardScheme).filter((s) => s !== undefined && !(CARD_SCHEMES as readonly string[]).includes(s as CardScheme));
  if (unknown.length > 0) fail(`an authorized fact names card scheme ${String(unknown[0])}, not one of CARD_SCHEMES (${CARD_SCHEMES.join(', ')})`);
  return opened;
}

/** open -> authorized in full; each decline category; a partial grant; redirect and return; in-page actions. */
export function openingChecks(target: PspKitTarget): KitCheck[] {
  return [
    check(target, 'open -> authorized in full', async (kit) => {
      const opened = await authorizedInFull(kit);
      expect(opened.outputs[0]?.ack.outcome).toBe('accepted');
      expect(opened.model.openingRef()).toEqual(expect.any(String));
    }),
    check(target, 'card alias registration (when the driver declares it) -> the authorized fact names the alias', async (kit) => {
      if (!kit.capabilities.aliasRegistration) return;
      // A mustCreateAlias order: the open asks the registration, and the service keeps the alias the fact names.
      const opened = await authorizedInFull(kit, { mustCreateAlias: true });
      expect(opened.input.registerAlias).toBe(true);
      const aliases = opened.facts.filter((f): f is Authorized => f.kind === 'authorized').map((f) => f.cardAlias);
      if (!aliases.some((alias) => typeof alias === 'string' && alias.length > 0)) fail('the open asked to register the card (registerAlias) but no authorized fact names its cardAlias');
      expect(opened.model.attempt().cardAlias).toEqual(expect.any(String));
    }),
    ...target.declines.map((category) =>
      check(target, `open -> declined, ${category}`, async (kit) => {
        const play = kit.run.script.declines[category];
        if (!play) return fail(`no script for ${category}`);
        const { model, input } = kit.newOpening();
        await kit.open(model, input, await play(input));
        expect({ status: model.attempt().status, category: model.attempt().declineCategory }).toEqual({ status: 'DECLINED', category });
      }),
    ),
    check(target, 'partial grant (when the driver declares partial authorization)', async (kit) => {
      const script = kit.run.script;
      if (!kit.capabilities.partialAuthorization) {
        if (script.partialGrant) fail('the script plays a partial grant but the driver does not declare partialAuthorization');
        return;
      }
      if (!script.partialGrant) return fail('the driver declares partialAuthorization: the script must play a partial grant');
      const { model, input } = kit.newOpening();
      const play = await script.partialGrant(input);
      await kit.open(model, input, play);
      expect(play.granted.amount).toBeLessThan(KIT_AMOUNT);
      expect({ status: model.attempt().status, granted: model.attempt().granted, partialAuth: model.attempt().partialAuth }).toEqual({
        status: 'AUTHORIZED',
        granted: play.granted,
        partialAuth: 'mandated',
      });
    }),
    check(target, 'redirect and return (a redirect method, or a 3-D Secure card)', async (kit) => {
      const { capabilities } = kit;
      const script = kit.run.script;
      if (!capabilities.redirect && !capabilities.threeDSecure) return;
      const { model, input } = kit.newOpening();
      const play = script.redirect ? await script.redirect(input) : capabilities.redirect ? await script.authorize(input) : fail('the driver declares 3-D Secure: the script must play a redirect');
      let returned = false;
      const opened = await kit.open(model, input, {
        ...play,
        payerReturns: async (redirect, ack) => {
          // Before the payer comes back, the service holds the redirect and no verdict.
          expect({ status: model.attempt().status, redirect: model.attempt().redirect }).toEqual({ status: 'AUTHORIZING', redirect });
          returned = true;
          return play.payerReturns ? play.payerReturns(redirect, ack) : {};
        },
      });
      expect(opened.openOutput.redirect?.url).toMatch(/^https?:\/\//);
      expect(returned).toBe(true);
      expect(model.attempt().status).toBe(model.attempt().operation === 'payment' ? 'CAPTURED' : 'AUTHORIZED');
    }),
    check(target, 'in-page actions and their results (3-D Secure run in the page)', async (kit) => {
      if (!kit.driver.completeAction) return;
      const script = kit.run.script;
      if (!script.inPageAction) return fail('the driver has completeAction: the script must play an in-page action');
      const { model, input } = kit.newOpening();
      const play = await script.inPageAction(input);
      if (!play.pageRuns) return fail('the in-page action play must say what the page sends (pageRuns)');
      const pageRuns = play.pageRuns;
      let ran = 0;
      const opened = await kit.open(model, input, {
        ...play,
        pageRuns: async (pageAction, ack) => {
          // Before the page sends its result, the service shows the action and holds no verdict.
          expect({ status: model.attempt().status, pageAction: model.attempt().pageAction, opening: model.attempt().transactions[0]?.status.kind }).toEqual({ status: 'AUTHORIZING', pageAction, opening: 'pending' });
          ran += 1;
          return pageRuns(pageAction, ack);
        },
      });
      expect(opened.openOutput.pageAction).toBeDefined();
      expect(opened.openOutput.redirect).toBeUndefined();
      expect(ran).toBeGreaterThan(0);
      expect(model.attempt().pageAction).toBeUndefined();
      expect(model.attempt().status).toBe(model.attempt().operation === 'payment' ? 'CAPTURED' : 'AUTHORIZED');
    }),
  ];
}
