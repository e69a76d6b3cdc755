import type { Messages } from './messages.en';

/** A code no catalogue knows, readable: lower-cased, its underscores as spaces ("PENDING_ARBITRATION" is "pending arbitration"). */
function readable(code: string): string {
  return code.replace(/_+/g, ' ').trim().toLowerCase() || code;
}

// Own keys only: a PSP's text such as "constructor" must not name an inherited member.
function known(words: Readonly<Record<string, string>>, code: string): string | undefined {
  return Object.hasOwn(words, code) ? words[code] : undefined;
}

/**
 * A dispute's stage as a driver stored it, in the page's words: the fake PSP's (opened, won, lost),
 * Adyen's event codes, Worldline's payment status, PayPal's dispute status, which a resolved dispute
 * follows with its outcome ("RESOLVED:RESOLVED_SELLER_FAVOUR"). A stage or outcome the catalogue
 * does not know is shown readable, never blank.
 */
export function disputeStageWords(t: Messages, stored: string): string {
  const cut = stored.indexOf(':');
  const stage = cut < 0 ? stored : stored.slice(0, cut);
  const stageWords = known(t.chargebackStatus, stage) ?? readable(stage);
  if (cut < 0) return stageWords;
  const outcome = stored.slice(cut + 1);
  return outcome === '' ? stageWords : t.chargebackStageWithOutcome(stageWords, known(t.chargebackOutcome, outcome) ?? readable(outcome));
}
