import path from 'node:path';
import type { CapturedPayment, CaptureRequest, Order, OrderAuthorizeRequest, OrderAuthorizeResponse, OrderRequest, PaymentAuthorization, Refund, RefundRequest } from '@paypal/paypal-server-sdk';

/**
 * PayPal's server SDK maps each wire JSON (snake_case) to its models (camelCase) with a schema per
 * model, validating as it goes. The package exports the models' types, not their schemas: these are
 * loaded from its files beside its entry point, with the schema library it re-exports.
 */
const dist = path.dirname(require.resolve('@paypal/paypal-server-sdk'));

type Validation<T> = { errors: false; result: T } | { errors: readonly { message?: string; path?: string[] }[] };
interface SchemaLib {
  validateAndMap<T>(json: unknown, schema: unknown): Validation<T>;
  validateAndUnmap(model: unknown, schema: unknown): Validation<unknown>;
}
const lib = require(path.join(dist, 'schema.js')) as SchemaLib;
const schema = (file: string, name: string): unknown => (require(path.join(dist, 'models', `${file}.js`)) as Record<string, unknown>)[name];

/** The SDK's models our calls send and read, by the SDK's schema names. */
export interface PayPalModels {
  orderRequest: OrderRequest;
  orderAuthorizeRequest: OrderAuthorizeRequest;
  captureRequest: CaptureRequest;
  refundRequest: RefundRequest;
  order: Order;
  orderAuthorizeResponse: OrderAuthorizeResponse;
  paymentAuthorization: PaymentAuthorization;
  capturedPayment: CapturedPayment;
  refund: Refund;
}

/**
 * `json` through the SDK's schema of `model` and back: the SDK's model of it and the JSON the SDK
 * writes of that model. The JSON written back lacks every field the SDK does not know.
 */
export function throughSdk<M extends keyof PayPalModels>(model: M, json: unknown): { model: PayPalModels[M]; json: unknown } {
  const s = schema(model, `${model}Schema`);
  if (!s) throw new Error(`no schema ${model}Schema in the SDK`);
  const mapped = lib.validateAndMap<PayPalModels[M]>(json, s);
  if (mapped.errors) throw new Error(`the SDK refuses it as ${model}: ${mapped.errors.map((e) => `${e.path?.join('.')}: ${e.message}`).join('; ')}`);
  const back = lib.validateAndUnmap(mapped.result, s);
  if (back.errors) throw new Error(`the SDK cannot write back its ${model}`);
  return { model: mapped.result, json: back.result };
}
