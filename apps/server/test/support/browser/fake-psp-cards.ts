/** The fake PSP's scripted test cards (packages/psp-fake, card-script.ts), named by what the bank does with each. */
export const CARD = {
  approved: '4111111111111111',
  /** Approved on the Mastercard network (4111 above runs on Visa). */
  mastercard: '5555555555554444',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  halfGranted: '4000000000000010',
  challenged: '4000000000003220',
} as const;
