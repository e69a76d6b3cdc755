import { createHash } from 'node:crypto';
import type { ActionResultInput, DriverCapabilities, OpenInput, OpenOutput, OperationOutput, PspDriver, ReturnInput } from '@splitpay/domain';
import { paymentResult } from '../mapping/payment-result';
import { recurringTermsOf } from '../mapping/recurring-terms';
import { scaPreference } from '../mapping/sca-preference';
import { shopperFieldsOf } from '../mapping/shopper-fields';
import { adyenHostedFieldsUrl, adyenWebKeyId } from '../settings/adyen-web';
import { readAdyenSettings, type AdyenSettings } from '../settings/adyen.settings';
import { AdyenDriverBase, isOutput, rejected, settingsOf, type AdyenDriverDeps } from './adyen-driver.base';
import { ADYEN_CARD_CAPABILITIES } from './capabilities';
import { readCardInput } from './payer-input';

/** The fields of a 3-D Secure return that /payments/details takes. */
const DETAIL_FIELDS = ['redirectResult', 'threeDSResult', 'payload', 'MD', 'PaRes'];

/** The fields /payments/details takes, in DETAIL_FIELDS' order; nothing else the page or the return carried. */
function detailsOf(fields: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(DETAIL_FIELDS.filter((name) => typeof fields[name] === 'string' && fields[name] !== '').map((name) => [name, fields[name] as string]));
}

/** The contract's choice of 3-D Secure (setting `threeDS`): native in the page unless it says `redirect`. */
function nativeThreeDS(settings: AdyenSettings): boolean {
  return settings.threeDS !== 'redirect';
}

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
 * service), which mounts Adyen Web's card component and sends its encrypted card fields. 3-D Secure 2
 * natively in the page (D59): a `threeDS2` action (fingerprint, challenge) is handed to the page, which
 * runs it with Adyen Web and sends its result to the confirm door (`completeAction`, `/payments/details`);
 * a redirect (3-D Secure 1, or native not asked) is followed and finished on the return door. The
 * encrypted card and a 3-D Secure result are held in this request's memory only: a call carrying one
 * that Adyen does not answer is sent again with the same Idempotency-Key (the base's postWhileHeld).
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
          ...(input.offer.createAlias ? recurringTermsOf(input.offer.createAlias) : {}),
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
        // Native 3-D Secure 2 needs the page's origin and browser (Adyen's requirements): without them, by redirect.
        authenticationData: { threeDSRequestData: { nativeThreeDS: nativeThreeDS(settings) && card.browserInfo && card.origin ? 'preferred' : 'disabled' } },
        ...(card.browserInfo ? { browserInfo: card.browserInfo } : {}),
        ...(card.origin ? { origin: card.origin } : {}),
        ...shopperFieldsOf(input.order, input.payerDevice),
        ...(threeDS2RequestData ? { threeDS2RequestData } : {}),
        ...(Object.keys(additionalData).length > 0 ? { additionalData } : {}),
        ...alias,
      },
      input,
      { inPageActions: true },
    );
  }

  /**
   * The page ran a native 3-D Secure 2 action (fingerprint or challenge) and sends its result:
   * `/payments/details` with it, answered like the opening (another action, a redirect, an ack; the
   * verdict by the AUTHORISATION webhook, or here). Idempotency-Key `{opening}.details.{digest}`: one per
   * result, so a challenge's details after a fingerprint's are a new request, a resent one the same.
   */
  async completeAction(input: ActionResultInput): Promise<OpenOutput> {
    const settings = settingsOf(input.settings);
    if (isOutput(settings)) return settings;
    const details = detailsOf(input.details);
    if (Object.keys(details).length === 0) return rejected('invalid-request', 'the page sent no 3-D Secure result');
    const opening = input.target.transactionId ?? input.transactionId;
    const digest = createHash('sha256').update(JSON.stringify(details)).digest('hex').slice(0, 16);
    const result = await this.postWhileHeld(settings, '/payments/details', { details }, `${opening}.details.${digest}`);
    return paymentResult(result, opening, input.amount, { inPageActions: true });
  }

  /** The return door after 3-D Secure: `/payments/details` with what Adyen put on the return. */
  async completeReturn(input: ReturnInput): Promise<OperationOutput> {
    const settings = settingsOf(input.settings);
    if (isOutput(settings)) return settings;
    const details = detailsOf(input.params);
    if (Object.keys(details).length === 0) return rejected('invalid-request', 'the return carries no 3-D Secure result');
    const opening = input.target.transactionId ?? input.transactionId;
    const result = await this.postWhileHeld(settings, '/payments/details', { details }, `${opening}.details`);
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
