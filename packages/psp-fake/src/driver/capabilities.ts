import { PLAIN_HOLD_CAPABILITIES as NONE, type DriverCapabilities, type MethodKind } from '@splitpay/domain';

/** What the fake provider can do per method (docs/decisions.md D20). */
export const FAKE_CAPABILITIES: Readonly<Record<MethodKind, DriverCapabilities>> = {
  card: { ...NONE, partialAuthorization: true, aliasRegistration: true, threeDSecure: true, cardIntegration: 'fake' },
  applepay: { ...NONE, confirm: true },
  paypal: { ...NONE, redirect: true },
  wero: { ...NONE, redirect: true },
  // Its void stops a file the lender still studies (payment-operations.ts VOIDABLE).
  oney: { ...NONE, financing: true, redirect: true, cancelsStudy: true },
  ancv: { ...NONE, operation: 'payment', payerChosenPartial: true, void: false, partialRefund: false, redirect: true },
};
