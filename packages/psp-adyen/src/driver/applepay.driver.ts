import type { ConfirmInput, DriverCapabilities, OpenInput, OpenOutput, OperationOutput, PspDriver, WalletSessionInput, WalletSessionOutput } from '@splitpay/domain';
import { ackOf, str } from '../client/adyen-ack';
import { shopperFieldsOf } from '../mapping/shopper-fields';
import { AdyenDriverBase, isOutput, rejected, settingsOf } from './adyen-driver.base';
import { ADYEN_APPLEPAY_CAPABILITIES } from './capabilities';
import { applePayTokenOf } from './payer-input';

/**
 * Apple Pay at Adyen with Adyen's Apple Pay certificate: the page's merchant validation goes through
 * `/applePay/sessions`, then the sheet's token is paid by `/payments` on confirm, with the order's
 * data the card payment sends. The token is never stored or logged. A confirm Adyen does not answer
 * (a 5xx, no answer) is sent again with the same Idempotency-Key while the token is in memory
 * (the base's postWhileHeld): nothing could send it later, and Adyen has no status query.
 */
export class AdyenApplePayDriver extends AdyenDriverBase implements PspDriver {
  readonly method = 'applepay' as const;
  readonly capabilities: DriverCapabilities = ADYEN_APPLEPAY_CAPABILITIES;

  /** Nothing to open at Adyen until the sheet hands the page its token. */
  async open(input: OpenInput): Promise<OpenOutput> {
    const settings = settingsOf(input.settings);
    return isOutput(settings) ? settings : { ack: { outcome: 'accepted' }, facts: [] };
  }

  async confirm(input: ConfirmInput): Promise<OperationOutput> {
    const settings = settingsOf(input.settings);
    if (isOutput(settings)) return settings;
    const applePayToken = applePayTokenOf(input.payerInput);
    if (!applePayToken) return rejected('invalid-request', 'the Apple Pay payment token is missing');
    const output = await this.pay(
      settings,
      {
        ...this.paymentBase(settings, input),
        paymentMethod: { type: 'applepay', applePayToken },
        // Required by /payments; an Apple Pay payment never sends the payer there.
        returnUrl: input.returnUrl ?? 'https://localhost/',
        channel: 'Web',
        shopperInteraction: 'Ecommerce',
        ...shopperFieldsOf(input.order, input.payerDevice),
      },
      input,
    );
    return { ack: output.ack, facts: output.facts };
  }

  /** The page's merchant validation: `/applePay/sessions`, its base64 `data` decoded for the sheet. */
  async walletSession(input: WalletSessionInput): Promise<WalletSessionOutput> {
    const settings = settingsOf(input.settings);
    if (isOutput(settings)) return settings;
    if (!settings.merchantIdentifier || !settings.displayName) return rejected('configuration', 'the contract settings merchantIdentifier and displayName are required for Apple Pay');
    const body = { displayName: settings.displayName, domainName: input.domainName, merchantIdentifier: settings.merchantIdentifier };
    // A new Apple Pay session each time (one per sheet, valid 5 minutes): the key only guards a resend.
    // Short parts, within Adyen's 64 characters: 36 (the id) + 5 + 8 (the time in base 36).
    const result = await this.deps.client.post(settings, '/applePay/sessions', body, `${input.transactionId}.aps.${Date.now().toString(36)}`);
    this.logFailure('/applePay/sessions', result);
    const ack = ackOf(result);
    if (result.kind !== 'answer' || ack.outcome !== 'accepted') return { ack };
    try {
      const session: unknown = JSON.parse(Buffer.from(str(result.body.data) ?? '', 'base64').toString('utf8'));
      if (typeof session !== 'object' || session === null) throw new Error('not an object');
      return { ack, walletSession: session as Record<string, unknown> };
    } catch {
      return { ack: { ...ack, outcome: 'rejected', message: 'the Apple Pay session data cannot be read' } };
    }
  }
}
