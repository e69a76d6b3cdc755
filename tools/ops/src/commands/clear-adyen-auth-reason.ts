import type { MongoStores } from '@splitpay/store-mongo';
import type { Output } from '../output';

/**
 * The one-off clearing of D125-a: Adyen's card reason (`authorisation code:last 4:expiry`, copied from
 * a successful card AUTHORISATION's `reason` before the fix) taken out of the stored operations'
 * `statusMessage` and of the stored session-ended messages, through the store's clearAdyenCardReasons
 * (each changed session's version raised). Prints the counts, never a reason; a second run finds
 * nothing. `--dry-run` counts and changes nothing.
 */
export async function clearAdyenAuthReason(stores: Pick<MongoStores, 'clearAdyenCardReasons'>, dryRun: boolean, out: Output): Promise<0> {
  out.line(`clear-adyen-auth-reason: sessions with an Adyen payment${dryRun ? ' (dry run: nothing is changed)' : ''}`);
  const found = await stores.clearAdyenCardReasons({ dryRun });
  const what = `${found.operations} operations, ${found.messageOperations} operations of stored session-ended messages`;
  out.line(
    dryRun
      ? `clear-adyen-auth-reason: ${found.sessions} sessions read, ${found.cleared} would be cleared (${what})`
      : `clear-adyen-auth-reason: ${found.sessions} sessions read, ${found.cleared} cleared (${what})`,
  );
  return 0;
}
