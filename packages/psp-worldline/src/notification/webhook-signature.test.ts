import { isWebhookSignature, webhookSignature } from './webhook-signature';

// Worldline's official webhook vector (the Direct Node SDK's webhooks test): key id dummy-key-id,
// secret hello+world, a pretty-printed payment.paid event with LF line endings.
const OFFICIAL_BODY = JSON.stringify(
  {
    apiVersion: 'v1',
    id: '8ee793f6-4553-4749-85dc-f2ef095c5ab0',
    created: '2017-02-02T11:24:14.040+0100',
    merchantId: '20000',
    type: 'payment.paid',
    payment: {
      id: '00000200000143570012',
      paymentOutput: {
        amountOfMoney: { amount: 1000, currencyCode: 'EUR' },
        references: { paymentReference: '200001681810' },
        paymentMethod: 'bankTransfer',
        bankTransferPaymentMethodSpecificOutput: { paymentProductId: 11 },
      },
      status: 'PAID',
      statusOutput: { isCancellable: false, statusCategory: 'COMPLETED', statusCode: 1000, statusCodeChangeDateTime: '20170202112414', isAuthorized: true },
    },
  },
  null,
  2,
);

describe('X-GCS-Signature', () => {
  it("matches Worldline's official vector", () => {
    expect(webhookSignature('hello+world', OFFICIAL_BODY)).toBe('2S7doBj/GnJnacIjSJzr5fxGM5xmfQyFAwxv1I53ZEk=');
    expect(isWebhookSignature('hello+world', OFFICIAL_BODY, '2S7doBj/GnJnacIjSJzr5fxGM5xmfQyFAwxv1I53ZEk=')).toBe(true);
  });

  it('matches the compact vector of the notes', () => {
    expect(webhookSignature('hello+world', '{"apiVersion":"v1","id":"evt-1","merchantId":"1234","type":"payment.captured"}')).toBe('XkJZv5YHJ4VDVMrG6KqfxsDqB5IhXwzQc2GB39etFU0=');
  });

  it('refuses a changed body, another secret and a truncated signature', () => {
    const changed = OFFICIAL_BODY.replace('20170202112414', '20170202112514');
    expect(isWebhookSignature('hello+world', changed, '2S7doBj/GnJnacIjSJzr5fxGM5xmfQyFAwxv1I53ZEk=')).toBe(false);
    expect(isWebhookSignature('1hello+world', OFFICIAL_BODY, '2S7doBj/GnJnacIjSJzr5fxGM5xmfQyFAwxv1I53ZEk=')).toBe(false);
    expect(isWebhookSignature('hello+world', OFFICIAL_BODY, '2S7doBj/GnJnacIjSJzr5fxGM5xmfQ')).toBe(false);
  });
});
