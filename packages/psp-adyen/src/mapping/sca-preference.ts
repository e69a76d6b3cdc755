import type { OpenInput } from '@splitpay/domain';

/**
 * The offer's 3-D Secure choice as an Adyen /payments preference (the issuer decides either way):
 * - sca, the default: a challenge requested (`03`), mandated (`04`) when the card is registered,
 *   since a registration needs the challenge; without it Adyen would ask exemptions on our behalf;
 * - frictionless: the transaction risk analysis exemption requested (the fraud liability stays with
 *   the requester), no challenge preference sent.
 */
export function scaPreference(input: Pick<OpenInput, 'offer' | 'registerAlias'>): {
  readonly threeDS2RequestData?: { readonly threeDSRequestorChallengeInd: '03' | '04' };
  readonly scaExemption?: 'transactionRiskAnalysis';
} {
  if (input.offer.threeDSecure === 'frictionless' && !input.registerAlias) return { scaExemption: 'transactionRiskAnalysis' };
  return { threeDS2RequestData: { threeDSRequestorChallengeInd: input.registerAlias ? '04' : '03' } };
}
