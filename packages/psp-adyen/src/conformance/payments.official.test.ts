import nock from 'nock';
import { isolateNock, type FitsSdk } from '@splitpay/psp-testkit';
import { AdyenClient } from '../client/adyen.client';
import { AdyenApplePayDriver } from '../driver/applepay.driver';
import { AdyenCardDriver } from '../driver/card.driver';
import type { AdyenShopperFields } from '../mapping/shopper-fields';
import { authorised, authorisedStoring, detailsAuthorised } from '../testing/adyen-answers';
import { APPLE_PAY_DATA, BROWSER_INFO, ENCRYPTED_CARD, offer, openInput, paymentsBodyBase, SERVICE_BASE, silentLogger } from '../testing/adyen-fixtures';
import { capturePost } from '../testing/capture-post';
import { serializedAs, type CheckoutModel } from '../testing/official-model';

/**
 * What the drivers send to /payments and /payments/details, held against Adyen's official models:
 * each body equals a literal that type-checks as the model (tsc), and the library's serializer keeps
 * every field of it (a name the model does not know would be dropped).
 */

// What both drivers send of the order names only fields of Adyen's PaymentRequest (a part of one), in its types.
const shopperFieldsFit: FitsSdk<Partial<CheckoutModel<'PaymentRequest'>>, AdyenShopperFields> = true;

const client = new AdyenClient({ timeoutMs: 2_000 });
const card = new AdyenCardDriver({ client, logger: silentLogger, publicBaseUrl: SERVICE_BASE });
const applePay = new AdyenApplePayDriver({ client, logger: silentLogger });

const { type: _scheme, ...encrypted } = ENCRYPTED_CARD;

isolateNock();
afterEach(() => nock.cleanAll());

describe("Adyen's PaymentRequest model: what the drivers send to /payments", () => {
  it("the order's shopper fields type-check as PaymentRequest fields, none it lacks", () => {
    expect(shopperFieldsFit).toBe(true);
  });

  it('card: the encrypted fields as CardDetails, 3-D Secure by redirect, the browser info', async () => {
    const input = openInput('card');
    const sent = capturePost('/v71/payments', 200, authorised('PSPOFF1', input.transactionId));
    await card.open(input);
    const expected = {
      ...paymentsBodyBase(input),
      paymentMethod: { type: 'scheme', ...encrypted, holderName: 'Ada Payer' },
      authenticationData: { threeDSRequestData: { nativeThreeDS: 'disabled' } },
      threeDS2RequestData: { threeDSRequestorChallengeInd: '03' },
      browserInfo: BROWSER_INFO,
    } satisfies CheckoutModel<'PaymentRequest'> & { paymentMethod: CheckoutModel<'CardDetails'> };
    expect(sent()).toEqual(expected);
    expect(serializedAs(sent(), 'PaymentRequest')).toEqual(sent());
    expect(serializedAs(sent().paymentMethod, 'CardDetails')).toEqual(sent().paymentMethod);
  });

  it('card with partial authorisation, a stored card for a subscription, the page origin and the shopper email', async () => {
    const input = openInput('card', {
      offer: offer('card', { partialAuth: true, createAlias: { mode: 'subscription', recurringFrequency: 30, recurringExpiry: '2030-01-01' } }),
      registerAlias: true,
      order: { orderId: 'order-42', customer: { email: 'ada@example.test' } },
      payerInput: { method: 'card', token: JSON.stringify({ paymentMethod: ENCRYPTED_CARD, browserInfo: BROWSER_INFO, origin: 'https://shop.example' }) },
    });
    const sent = capturePost('/v71/payments', 200, authorisedStoring('PSPOFF2', input.transactionId, 'STORED-1'));
    await card.open(input);
    const expected = {
      ...paymentsBodyBase(input),
      paymentMethod: { type: 'scheme', ...encrypted },
      // The page's origin and browser: native 3-D Secure 2 is asked (D59).
      authenticationData: { threeDSRequestData: { nativeThreeDS: 'preferred' } },
      browserInfo: BROWSER_INFO,
      origin: 'https://shop.example',
      shopperEmail: 'ada@example.test',
      threeDS2RequestData: { threeDSRequestorChallengeInd: '04' },
      additionalData: { allowPartialAuth: 'true' },
      storePaymentMethod: true,
      shopperReference: 'ada@example.test',
      recurringProcessingModel: 'Subscription',
      recurringExpiry: '20300101',
      recurringFrequency: '30',
    } satisfies CheckoutModel<'PaymentRequest'> & { paymentMethod: CheckoutModel<'CardDetails'> };
    expect(sent()).toEqual(expected);
    expect(serializedAs(sent(), 'PaymentRequest')).toEqual(sent());
  });

  type Preference = Partial<CheckoutModel<'PaymentRequest'>>;
  const challenge = { threeDS2RequestData: { threeDSRequestorChallengeInd: '03' } } satisfies Preference;
  const mandate = { threeDS2RequestData: { threeDSRequestorChallengeInd: '04' } } satisfies Preference;
  const exemption = { additionalData: { scaExemption: 'transactionRiskAnalysis' } } satisfies Preference;
  const registration = { createAlias: { mode: 'oneclick' as const, recurringFrequency: 30, recurringExpiry: '2030-01-01' } };
  it.each([
    ['sca by default: a challenge requested', {}, false, challenge],
    ['sca said: a challenge requested', { threeDSecure: 'sca' as const }, false, challenge],
    ['a card registration: the challenge mandated', registration, true, mandate],
    ['frictionless: the risk analysis exemption requested, no challenge asked', { threeDSecure: 'frictionless' as const }, false, exemption],
  ])("card, the offer's threeDSecure (%s)", async (_label, over, registerAlias, expected: Preference) => {
    const input = openInput('card', { offer: offer('card', over), registerAlias });
    const sent = capturePost('/v71/payments', 200, authorised('PSPOFF9', input.transactionId));
    await card.open(input);
    expect(sent()).toMatchObject(expected);
    if (!('threeDS2RequestData' in expected)) expect(sent()).not.toHaveProperty('threeDS2RequestData');
    expect(serializedAs(sent(), 'PaymentRequest')).toEqual(sent());
  });

  it("card: the order's statement descriptor is the shopper statement, in the characters Adyen allows", async () => {
    const input = openInput('card', { order: { orderId: 'order-42', statementDescriptor: 'Café Lumière: n°42' } });
    const sent = capturePost('/v71/payments', 200, authorised('PSPOFF10', input.transactionId));
    await card.open(input);
    expect(sent()).toMatchObject({ shopperStatement: 'Cafe Lumiere  n 42' } satisfies Partial<CheckoutModel<'PaymentRequest'>>);
    expect(serializedAs(sent(), 'PaymentRequest')).toEqual(sent());
    const none = openInput('card');
    const sentNone = capturePost('/v71/payments', 200, authorised('PSPOFF11', none.transactionId));
    await card.open(none);
    expect(sentNone()).not.toHaveProperty('shopperStatement');
  });

  it("card: the customer's activity goes to the 3-D Secure risk assessment as AccountInfo", async () => {
    const activity = { transactionsLast24h: 1, transactionsLast12Months: 14, transactionsLast6Months: 6 };
    const input = openInput('card', { order: { orderId: 'order-42', customer: { activity } } });
    const sent = capturePost('/v71/payments', 200, authorised('PSPOFF6', input.transactionId));
    await card.open(input);
    const accountInfo = { pastTransactionsDay: 1, pastTransactionsYear: 14, purchasesLast6Months: 6 } satisfies CheckoutModel<'AccountInfo'>;
    expect(sent()).toMatchObject({ accountInfo });
    expect(serializedAs(sent(), 'PaymentRequest')).toEqual(sent());
  });

  it('card: a partial activity sends only the counts the merchant gave, none at all sends no AccountInfo', async () => {
    const partial = openInput('card', { order: { orderId: 'order-42', customer: { activity: { transactionsLast24h: 0 } } } });
    const sentPartial = capturePost('/v71/payments', 200, authorised('PSPOFF7', partial.transactionId));
    await card.open(partial);
    expect(sentPartial().accountInfo).toEqual({ pastTransactionsDay: 0 });
    const none = openInput('card', { order: { orderId: 'order-42', customer: { email: 'ada@example.test' } } });
    const sentNone = capturePost('/v71/payments', 200, authorised('PSPOFF8', none.transactionId));
    await card.open(none);
    expect(sentNone()).not.toHaveProperty('accountInfo');
  });

  const BILLING = { firstName: 'Bill', lastName: 'Payer', address: '12 rue de la Paix', postalCode: '75002', city: 'Paris', country: 'FR' as never, phone: '+33 1 23 45 67 89', mobilePhone: '+33 6 12 34 56 78' };
  const SHIPPING = { firstName: 'Ada', lastName: 'Lovelace', address: 'Kurfürstendamm 21', postalCode: '10719', city: 'Berlin', country: 'DE' as never };
  const FOR_3DS = {
    shopperName: { firstName: 'Ada', lastName: 'Lovelace' },
    telephoneNumber: '+33612345678',
    billingAddress: { street: '12 rue de la Paix', houseNumberOrName: 'N/A', postalCode: '75002', city: 'Paris', country: 'FR' },
    deliveryAddress: { street: 'Kurfürstendamm 21', houseNumberOrName: 'N/A', postalCode: '10719', city: 'Berlin', country: 'DE', firstName: 'Ada', lastName: 'Lovelace' },
  } satisfies Partial<CheckoutModel<'PaymentRequest'>> & {
    shopperName: CheckoutModel<'ShopperName'>;
    billingAddress: CheckoutModel<'BillingAddress'>;
    deliveryAddress: CheckoutModel<'DeliveryAddress'>;
  };

  it("card: what 3-D Secure 2 reads of the order, the billing and delivery addresses, the shopper's name and phone, as Adyen's models", async () => {
    const input = openInput('card', { order: { orderId: 'order-42', customer: { firstName: 'Ada', lastName: 'Lovelace' }, billing: BILLING, shipping: SHIPPING } });
    const sent = capturePost('/v71/payments', 200, authorised('PSPOFF13', input.transactionId));
    await card.open(input);
    expect(sent()).toMatchObject(FOR_3DS);
    expect(serializedAs(sent(), 'PaymentRequest')).toEqual(sent());
    expect(serializedAs(sent().billingAddress, 'BillingAddress')).toEqual(FOR_3DS.billingAddress);
    expect(serializedAs(sent().deliveryAddress, 'DeliveryAddress')).toEqual(FOR_3DS.deliveryAddress);
    expect(serializedAs(sent().shopperName, 'ShopperName')).toEqual(FOR_3DS.shopperName);
  });

  it("card: the payer's IP the door saw is the shopperIP (browser-based 3-D Secure 2 and risk checks); none known, none sent", async () => {
    const input = openInput('card', { payerDevice: { ip: '203.0.113.42' } });
    const sent = capturePost('/v71/payments', 200, authorised('PSPOFF14', input.transactionId));
    await card.open(input);
    expect(sent()).toMatchObject({ shopperIP: '203.0.113.42' } satisfies Partial<CheckoutModel<'PaymentRequest'>>);
    expect(serializedAs(sent(), 'PaymentRequest')).toEqual(sent());
    const none = openInput('card', { payerDevice: {} });
    const sentNone = capturePost('/v71/payments', 200, authorised('PSPOFF15', none.transactionId));
    await card.open(none);
    expect(sentNone()).not.toHaveProperty('shopperIP');
  });

  it('card stored for one-click: CardOnFile, the order id as shopper when no customer is known', async () => {
    const input = openInput('card', { offer: offer('card', { createAlias: { mode: 'oneclick', recurringFrequency: 1, recurringExpiry: '2030-12-31' } }), registerAlias: true });
    const sent = capturePost('/v71/payments', 200, authorisedStoring('PSPOFF5', input.transactionId, 'STORED-2'));
    await card.open(input);
    const stored = {
      storePaymentMethod: true,
      shopperReference: 'order-42',
      recurringProcessingModel: 'CardOnFile',
      recurringExpiry: '20301231',
      recurringFrequency: '1',
    } satisfies Partial<CheckoutModel<'PaymentRequest'>>;
    expect(sent()).toMatchObject(stored);
    expect(serializedAs(sent(), 'PaymentRequest')).toEqual(sent());
  });

  it('card registered because the order must register, with no createAlias terms on the entry: no recurring terms are invented', async () => {
    const input = openInput('card', { registerAlias: true });
    const sent = capturePost('/v71/payments', 200, authorisedStoring('PSPOFF16', input.transactionId, 'STORED-3'));
    await card.open(input);
    expect(sent()).toMatchObject({ storePaymentMethod: true, recurringProcessingModel: 'CardOnFile' });
    expect(sent()).not.toHaveProperty('recurringExpiry');
    expect(sent()).not.toHaveProperty('recurringFrequency');
  });

  it("Apple Pay: the sheet's paymentData as ApplePayDetails", async () => {
    const input = openInput('applepay');
    const sent = capturePost('/v71/payments', 200, authorised('PSPOFF3', input.transactionId));
    await applePay.confirm({ ...input, payerInput: { method: 'applepay', paymentToken: APPLE_PAY_DATA } });
    const expected = {
      ...paymentsBodyBase(input),
      paymentMethod: { type: 'applepay', applePayToken: Buffer.from(APPLE_PAY_DATA).toString('base64') },
    } satisfies CheckoutModel<'PaymentRequest'> & { paymentMethod: CheckoutModel<'ApplePayDetails'> };
    expect(sent()).toEqual(expected);
    expect(serializedAs(sent(), 'PaymentRequest')).toEqual(sent());
    expect(serializedAs(sent().paymentMethod, 'ApplePayDetails')).toEqual(sent().paymentMethod);
  });

  it("Apple Pay: the order's shopper email, name, phone, addresses, AccountInfo and shopper statement, and the payer's IP, as the card sends them", async () => {
    const input = openInput('applepay', {
      order: {
        orderId: 'order-42',
        customer: { email: 'ada@example.test', firstName: 'Ada', lastName: 'Lovelace', activity: { transactionsLast24h: 1, transactionsLast12Months: 14, transactionsLast6Months: 6 } },
        billing: BILLING,
        shipping: SHIPPING,
        statementDescriptor: 'Café Lumière: n°42',
      },
    });
    const sent = capturePost('/v71/payments', 200, authorised('PSPOFF12', input.transactionId));
    await applePay.confirm({ ...input, payerInput: { method: 'applepay', paymentToken: APPLE_PAY_DATA }, payerDevice: { ip: '2001:db8::42' } });
    const expected = {
      ...paymentsBodyBase(input),
      paymentMethod: { type: 'applepay', applePayToken: Buffer.from(APPLE_PAY_DATA).toString('base64') },
      shopperEmail: 'ada@example.test',
      shopperIP: '2001:db8::42',
      ...FOR_3DS,
      accountInfo: { pastTransactionsDay: 1, pastTransactionsYear: 14, purchasesLast6Months: 6 },
      shopperStatement: 'Cafe Lumiere  n 42',
    } satisfies CheckoutModel<'PaymentRequest'> & { paymentMethod: CheckoutModel<'ApplePayDetails'>; accountInfo: CheckoutModel<'AccountInfo'> };
    expect(sent()).toEqual(expected);
    expect(serializedAs(sent(), 'PaymentRequest')).toEqual(sent());
  });
});

describe("Adyen's PaymentDetailsRequest model: what the return door and the confirm door send to /payments/details", () => {
  it("the page's native 3-D Secure 2 result is a PaymentCompletionDetails", async () => {
    const input = openInput('card');
    const sent = capturePost('/v71/payments/details', 200, detailsAuthorised('PSPOFF5', input.transactionId));
    await card.completeAction({ ...input, target: { transactionId: input.transactionId, providerRef: 'PSPOFF5' }, details: { threeDSResult: 'eyJ0cmFuc1N0YXR1cyI6IlkifQ==' } });
    const expected = { details: { threeDSResult: 'eyJ0cmFuc1N0YXR1cyI6IlkifQ==' } } satisfies CheckoutModel<'PaymentDetailsRequest'>;
    expect(sent()).toEqual(expected);
    expect(serializedAs(sent(), 'PaymentDetailsRequest')).toEqual(sent());
  });

  it('every 3-D Secure result the driver relays is a field of PaymentCompletionDetails', async () => {
    const input = openInput('card');
    const sent = capturePost('/v71/payments/details', 200, detailsAuthorised('PSPOFF4', input.transactionId));
    const params = { redirectResult: 'X6XtfGC3!Y', threeDSResult: 'eyJ0cmFuc1N0YXR1cyI6IlkifQ==', payload: 'Ab02b4c0!', MD: 'M2RzZGF0YQ', PaRes: 'eNrNV1mTo' };
    await card.completeReturn({ ...input, target: { transactionId: input.transactionId, providerRef: 'PSPOFF4' }, params });
    const expected = { details: params } satisfies CheckoutModel<'PaymentDetailsRequest'>;
    expect(sent()).toEqual(expected);
    expect(serializedAs(sent(), 'PaymentDetailsRequest')).toEqual(sent());
  });
});
