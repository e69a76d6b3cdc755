import nock from 'nock';
import { money } from '@splitpay/domain';
import { isolateNock } from '@splitpay/psp-testkit';
import { AdyenClient } from '../client/adyen.client';
import { AdyenApplePayDriver } from '../driver/applepay.driver';
import { AdyenCardDriver } from '../driver/card.driver';
import { applePaySession, cancelReceived, captureReceived, refundReceived } from '../testing/adyen-answers';
import { followUpInput, MERCHANT_ACCOUNT, openInput, SERVICE_BASE, SETTINGS, silentLogger } from '../testing/adyen-fixtures';
import { capturePost } from '../testing/capture-post';
import { serializedAs, type CheckoutModel } from '../testing/official-model';

/**
 * What the drivers send to captures, cancels, refunds and /applePay/sessions, held against Adyen's
 * official request models as payments.official.test.ts does for /payments.
 */

const client = new AdyenClient({ timeoutMs: 2_000 });
const card = new AdyenCardDriver({ client, logger: silentLogger, publicBaseUrl: SERVICE_BASE });
const applePay = new AdyenApplePayDriver({ client, logger: silentLogger });

isolateNock();
afterEach(() => nock.cleanAll());

const modified = (reference: string) => ({ merchantAccount: MERCHANT_ACCOUNT, paymentPspReference: 'PSPPAY1', pspReference: 'PSPMOD1', reference });

describe("Adyen's modification request models", () => {
  it('a capture is a PaymentCaptureRequest', async () => {
    const follow = followUpInput(openInput('card'), 'PSPPAY1', 4_000);
    const sent = capturePost('/v71/payments/PSPPAY1/captures', 201, captureReceived(modified(follow.transactionId), money(4_000, 'EUR')));
    await card.capture(follow);
    const expected = { merchantAccount: MERCHANT_ACCOUNT, reference: follow.transactionId, amount: { value: 4_000, currency: 'EUR' } } satisfies CheckoutModel<'PaymentCaptureRequest'>;
    expect(sent()).toEqual(expected);
    expect(serializedAs(sent(), 'PaymentCaptureRequest')).toEqual(sent());
  });

  it('a cancel is a PaymentCancelRequest (no amount)', async () => {
    const follow = followUpInput(openInput('card'), 'PSPPAY1', 4_000);
    const sent = capturePost('/v71/payments/PSPPAY1/cancels', 201, cancelReceived(modified(follow.transactionId)));
    await card.void(follow);
    const expected = { merchantAccount: MERCHANT_ACCOUNT, reference: follow.transactionId } satisfies CheckoutModel<'PaymentCancelRequest'>;
    expect(sent()).toEqual(expected);
    expect(serializedAs(sent(), 'PaymentCancelRequest')).toEqual(sent());
  });

  it('a refund is a PaymentRefundRequest', async () => {
    const follow = followUpInput(openInput('card'), 'PSPPAY1', 4_000);
    const sent = capturePost('/v71/payments/PSPPAY1/refunds', 201, refundReceived(modified(follow.transactionId), money(4_000, 'EUR')));
    await card.refund(follow);
    const expected = { merchantAccount: MERCHANT_ACCOUNT, reference: follow.transactionId, amount: { value: 4_000, currency: 'EUR' } } satisfies CheckoutModel<'PaymentRefundRequest'>;
    expect(sent()).toEqual(expected);
    expect(serializedAs(sent(), 'PaymentRefundRequest')).toEqual(sent());
  });
});

describe("Adyen's ApplePaySessionRequest model", () => {
  it("the page's merchant validation sends an ApplePaySessionRequest", async () => {
    const sent = capturePost('/v71/applePay/sessions', 200, applePaySession({ merchantSessionIdentifier: 'SSH-1' }));
    await applePay.walletSession({ ...openInput('applepay'), domainName: 'shop.example' });
    const expected = { displayName: SETTINGS.displayName, domainName: 'shop.example', merchantIdentifier: SETTINGS.merchantIdentifier } satisfies CheckoutModel<'ApplePaySessionRequest'>;
    expect(sent()).toEqual(expected);
    expect(serializedAs(sent(), 'ApplePaySessionRequest')).toEqual(sent());
  });
});
