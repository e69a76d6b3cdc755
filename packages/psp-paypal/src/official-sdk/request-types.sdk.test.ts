import type { CaptureRequest, OrderRequest, RefundRequest } from '@paypal/paypal-server-sdk';
import type { CamelWire, EnumsAsValues, FitsSdk } from '@splitpay/psp-testkit';
import type { captureRequest, orderRequest, refundRequest } from '../driver/paypal-requests';

// Compile-time (npm run typecheck): each body our driver sends is, under the names PayPal's server SDK
// gives its fields, one of the SDK's request models, no field it does not know at any depth.

type Fits<Model, Builder extends (...args: never[]) => unknown> = FitsSdk<EnumsAsValues<Model>, CamelWire<ReturnType<Builder>>>;

const typesFit: [Fits<OrderRequest, typeof orderRequest>, Fits<CaptureRequest, typeof captureRequest>, Fits<RefundRequest, typeof refundRequest>] = [true, true, true];

describe("PayPal: our request bodies against the official server SDK's request models", () => {
  it('the create-order, capture and refund bodies fit their models', () => {
    expect(typesFit.every(Boolean)).toBe(true);
  });
});
