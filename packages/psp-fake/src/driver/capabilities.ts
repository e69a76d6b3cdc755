import type { DriverCapabilities, MethodKind } from '@splitpay/domain';

const NONE: DriverCapabilities = {
  operation: 'authorization',
  partialAuthorization: false,
  payerChosenPartial: false,
  void: true,
  refund: true,
  partialRefund: true,
  statusLookup: true,
  aliasRegistration: false,
  threeDSecure: false,
  confirm: false,
  financing: false,
  redirect: false,
};

/** What the fake provider can do per method (docs/decisions.md D20). */
export const FAKE_CAPABILITIES: Readonly<Record<MethodKind, DriverCapabilities>> = {
  card: { ...NONE, partialAuthorization: true, aliasRegistration: true, threeDSecure: true, cardIntegration: 'fake' },
  applepay: { ...NONE, confirm: true },
  paypal: { ...NONE, redirect: true },
  wero: { ...NONE, redirect: true },
  oney: { ...NONE, financing: true, redirect: true },
  ancv: { ...NONE, operation: 'payment', payerChosenPartial: true, void: false, partialRefund: false, redirect: true },
};
