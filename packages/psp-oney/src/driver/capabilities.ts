import { PLAIN_HOLD_CAPABILITIES, type DriverCapabilities } from '@splitpay/domain';

/**
 * Oney 3x/4x: a lender studies the file (financing) after the payer fills it on Oney's page
 * (redirect); FAVORABLE is a hold the merchant confirms (capture) once; cancel hands back before or
 * after the confirm, a slice too, and cancels a file still PENDING (the wait bound's cancel); the
 * status query answers authoritatively, the opening's and (FUNDED, CANCELLED) a follow-up left
 * without its verdict's. Oney lends in its partner countries' currencies only: the
 * euro, and the leu in Romania (`currencyOf`).
 */
export const ONEY_CAPABILITIES: DriverCapabilities = {
  ...PLAIN_HOLD_CAPABILITIES,
  financing: true,
  redirect: true,
  statusLookup: true,
  followUpLookup: true,
  cancelsStudy: true,
  currencies: ['EUR', 'RON'],
};
