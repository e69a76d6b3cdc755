// Worldline's official webhook vector (the Direct Node SDK's webhooks test): key id dummy-key-id,
// secret hello+world, a pretty-printed payment.paid event with LF line endings.
export const OFFICIAL_BODY = JSON.stringify(
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
export const OFFICIAL_KEY_ID = 'dummy-key-id';
export const OFFICIAL_SECRET = 'hello+world';
export const OFFICIAL_SIGNATURE = '2S7doBj/GnJnacIjSJzr5fxGM5xmfQyFAwxv1I53ZEk=';
