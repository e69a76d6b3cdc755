import nock from 'nock';
import type { TransactionId } from '@splitpay/domain';
import { isolateNock } from '@splitpay/psp-testkit';
import { AdyenClient } from '../client/adyen.client';
import { APPLE_PAY_DATA, followUpInput, openInput, SERVICE_BASE, silentLogger, TEST_BASE } from '../testing/adyen-fixtures';
import { AdyenApplePayDriver } from './applepay.driver';
import { AdyenCardDriver } from './card.driver';

/** Adyen refuses an Idempotency-Key longer than 64 characters (psp-apis.md §1.7). */
const ADYEN_KEY_LIMIT = 64;
// Real transaction ids: UUID v7 (the infra's generator), 36 characters each.
const OPENING = '01a21de4-80a3-70c0-bec4-1eeeb89d7ee3' as TransactionId;
const FOLLOW_UP = '01a21de4-80a3-70c1-8f2b-3c0ddc6e2a91' as TransactionId;

const deps = { client: new AdyenClient({ timeoutMs: 2_000 }), logger: silentLogger };
const card = new AdyenCardDriver({ ...deps, publicBaseUrl: SERVICE_BASE });
const applePay = new AdyenApplePayDriver(deps);

isolateNock();
afterEach(() => nock.cleanAll());

it('every Idempotency-Key the Adyen drivers send fits in 64 characters, with real-length ids', async () => {
  const sent: [path: string, key: string][] = [];
  nock(TEST_BASE)
    .persist()
    .post(/.*/)
    .reply(function (uri) {
      sent.push([uri.replace('PSP1', '{pspReference}'), String(this.req.headers['idempotency-key'])]);
      return uri.endsWith('/applePay/sessions') ? [200, { data: Buffer.from('{}').toString('base64') }] : [200, { resultCode: 'Received', pspReference: 'PSP1' }];
    });
  const cardOpen = openInput('card', { transactionId: OPENING });
  const applePayOpen = openInput('applepay', { transactionId: OPENING });
  const target = { transactionId: OPENING, providerRef: 'PSP1' };
  const followUp = { ...followUpInput(cardOpen, 'PSP1'), transactionId: FOLLOW_UP };

  await card.open(cardOpen);
  await card.completeAction({ ...cardOpen, target, details: { threeDSResult: 'eyJ0cmFuc1N0YXR1cyI6IlkifQ==' } });
  await card.completeReturn({ ...cardOpen, target, params: { redirectResult: 'X6XtfGC3!Y' } });
  await card.capture(followUp);
  await card.void(followUp);
  await card.refund(followUp);
  await applePay.walletSession({ ...applePayOpen, domainName: 'shop.example' });
  await applePay.confirm({ ...applePayOpen, payerInput: { method: 'applepay', paymentToken: APPLE_PAY_DATA } });

  expect([...new Set(sent.map(([path]) => path))].sort()).toEqual([
    '/v71/applePay/sessions',
    '/v71/payments',
    '/v71/payments/details',
    '/v71/payments/{pspReference}/cancels',
    '/v71/payments/{pspReference}/captures',
    '/v71/payments/{pspReference}/refunds',
  ]);
  const tooLong = sent.filter(([, key]) => key.length > ADYEN_KEY_LIMIT);
  expect(tooLong).toEqual([]);
});
