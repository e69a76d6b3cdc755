import { KIT_AMOUNT } from '../kit-session';
import type { PspKitTarget } from '../kit-target';
import { check, expectNoSecretIn, type KitCheck } from './check';
import { followUp, taken } from './follow-up.checks';

/**
 * A whole payment (open, capture, refund) with every line the provider logs and every answer it gives
 * searched for the secret settings, the card data and wallet tokens. (Every other check ends with the
 * same search.)
 */
export function secretsChecks(target: PspKitTarget): KitCheck[] {
  return [
    check(target, 'no secret, card data or wallet token in any log line or answer', async (kit) => {
      expect(kit.secrets().length).toBeGreaterThan(0);
      const { opened, target: capture } = await taken(kit);
      if (kit.capabilities.refund) await followUp(kit, opened, 'refund', KIT_AMOUNT, 'succeeds', capture);
      expectNoSecretIn(kit);
    }),
  ];
}
