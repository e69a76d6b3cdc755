import type { DriverCapabilities, OpenInput, OpenOutput, OperationOutput, PspDriver, ReturnInput } from '@splitpay/domain';
import { paymentResult } from '../mapping/payment-result';
import { scaPreference } from '../mapping/sca-preference';
import { shopperFieldsOf } from '../mapping/shopper-fields';
import { adyenHostedFieldsUrl, adyenWebKeyId } from '../settings/adyen-web';
import { readAdyenSettings } from '../settings/adyen.settings';
import { AdyenDriverBase, isOutput, rejected, settingsOf, type AdyenDriverDeps } from './adyen-driver.base';
import { ADYEN_CARD_CAPABILITIES } from './capabilities';
import { readCardInput } from './payer-input';

/** The fields of a 3-D Secure return that /payments/details takes. */
const DETAIL_FIELDS = ['redirectResult', 'threeDSResult', 'payload', 'MD', 'PaRes'];

/** A URL, or a getter for one known only once the service listens (a test on port 0). */
export type UrlSource = string | (() => string);

export interface AdyenCardDriverDeps extends AdyenDriverDeps {
  /** The service's public base URL: the card view loads our Adyen Web adapter from it. */
  readonly publicBaseUrl: UrlSource;
  /** Adyen Web's analytics on the payer's page (ADYEN_WEB_ANALYTICS); default off. */
  readonly webAnalytics?: boolean;
}

/**
 * Card at Adyen, acquirer-hosted: the page loads our Adyen Web adapter (hostedFields, served by the
 * service), which mounts Adyen Web's card component and sends its encrypted card fields; 3-D Secure by
 * redirect, finished on the return door by `/payments/details`.
 */
export class AdyenCardDriver extends AdyenDriverBase implements PspDriver {
  readonly method = 'card' as const;
  readonly capabilities: DriverCapabilities = ADYEN_CARD_CAPABILITIES;

  constructor(private readonly cardDeps: AdyenCardDriverDeps) {
    super(cardDeps);
  }

  async open(input: OpenInput): Promise<OpenOutput> {
    const settings = settingsOf(input.settings);
    if (isOutput(settings)) return settings;
    const card = readCardInput(input.payerInput);
    if (!card) return rejected('invalid-request', "the card input is not Adyen Web's encrypted card fields", 'invalid-card-data');
    const alias = input.registerAlias
      ? {
          storePaymentMethod: true,
          shopperReference: input.order.customer?.ident ?? input.order.customer?.email ?? input.order.orderId,
          recurringProcessingModel: input.offer.createAlias?.mode === 'subscription' ? 'Subscription' : 'CardOnFile',
        }
      : {};
    const { threeDS2RequestData, scaExemption } = scaPreference(input);
    const additionalData = {
      ...(input.offer.partialAuth === true ? { allowPartialAuth: 'true' } : {}),
      ...(scaExemption ? { scaExemption } : {}),
    };
    return this.pay(
      settings,
      {
        ...this.paymentBase(settings, input),
        paymentMethod: card.paymentMethod,
        returnUrl: input.returnUrl,
        channel: 'Web',
        shopperInteraction: 'Ecommerce',
        // 3-D Secure by redirect: the page follows our redirect and Adyen comes back to the return door.
        authenticationData: { threeDSRequestData: { nativeThreeDS: 'disabled' } },
        ...(card.browserInfo ? { browserInfo: card.browserInfo } : {}),
        ...(card.origin ? { origin: card.origin } : {}),
        ...shopperFieldsOf(input.order, input.payerDevice),
        ...(threeDS2RequestData ? { threeDS2RequestData } : {}),
        ...(Object.keys(additionalData).length > 0 ? { additionalData } : {}),
        ...alias,
      },
      input,
    );
  }

  /** The return door after 3-D Secure: `/payments/details` with what Adyen put on the return. */
  async completeReturn(input: ReturnInput): Promise<OperationOutput> {
    const settings = settingsOf(input.settings);
    if (isOutput(settings)) return settings;
    const details = Object.fromEntries(Object.entries(input.params).filter(([name]) => DETAIL_FIELDS.includes(name)));
    if (Object.keys(details).length === 0) return rejected('invalid-request', 'the return carries no 3-D Secure result');
    const opening = input.target.transactionId ?? input.transactionId;
    const result = await this.deps.client.post(settings, '/payments/details', { details }, `${opening}.details`);
    this.logFailure('/payments/details', result);
    const output = paymentResult(result, opening, input.amount);
    return { ack: output.ack, facts: output.facts };
  }

  /**
   * The card view's hosted fields: the environment and public client key Adyen Web loads with, and
   * our adapter (window.SplitPayHostedFields) served by the service, which loads Adyen Web itself.
   */
  hostedFields(raw: Readonly<Record<string, unknown>>): { keyId: string; key: string; sdkUrl: string } | undefined {
    const settings = readAdyenSettings(raw);
    if ('missing' in settings) return undefined;
    const base = this.cardDeps.publicBaseUrl;
    const sdkUrl = adyenHostedFieldsUrl(typeof base === 'string' ? base : base(), this.cardDeps.webAnalytics === true);
    return { keyId: adyenWebKeyId(settings.environment), key: settings.clientKey, sdkUrl };
  }
}
