import type { FollowUpInput } from '@splitpay/domain';

// Return types are inferred, not widened, so that a test can check each body against Worldline's SDK types.

/** `POST .../capture`: the amount in minor units (the payment's currency), final, our transaction id as its reference. */
export function captureRequest(input: FollowUpInput) {
  return { amount: input.amount.amount, isFinal: true, operationReferences: { merchantReference: input.transactionId } };
}

/** `POST .../cancel`: the amount released, final. */
export function cancelRequest(input: FollowUpInput) {
  return { amountOfMoney: { amount: input.amount.amount, currencyCode: input.amount.currency }, isFinal: true };
}

/** `POST .../refund`: the amount, our transaction id as its reference. */
export function refundRequest(input: FollowUpInput) {
  return { amountOfMoney: { amount: input.amount.amount, currencyCode: input.amount.currency }, operationReferences: { merchantReference: input.transactionId } };
}
