/**
 * splitpay elements: the payer's split checkout as framework-free browser components.
 * `mount(element, { elementsToken, baseUrl, locale, onEnd, onError })`; the script build exposes the
 * same as `window.SplitPay`. Importing this module has no side effect.
 */
export { mount } from './mount/mount';
export type { EndEvent, RedirectEvent, SplitPayHandle, SplitPayOptions } from './mount/mount-options';
export { ElementsClient, type ElementsClientOptions, type FetchLike, type StartBody, type StartInput, type ViewAnswer, type WalletSessionAnswer, type WalletSessionInput } from './client/elements-client';
export { SplitPayError, type LocalErrorCode, type ServiceErrorCode, type SplitPayErrorCode } from './client/split-pay-error';
export type { Messages, MessageKey } from './i18n/messages';
export type { HostedFieldsAdapter, HostedFieldsInstance } from './flows/hosted-fields';
export type { ApplePayRequest, ApplePaySessionConstructor, ApplePaySessionLike, ValidateMerchant } from './flows/apple-pay';
export type { PollTuning } from './poll/poll-schedule';
export type * from './types/session-view';

/** Version of the script's interface; the service serves it under /elements/sdk/v1/. */
export const version = '1';
