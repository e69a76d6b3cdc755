import { signBody } from '../protocol/signature';
import { parseFakeNotification } from './notification.parser';

const SECRET = 'parser-secret';

function signed(body: unknown, headerName = 'x-fake-psp-signature') {
  const rawBody = typeof body === 'string' ? body : JSON.stringify(body);
  return { headers: { [headerName]: signBody(rawBody, SECRET) }, rawBody, query: {} };
}

const base = { id: 'n1', createdAt: '2030-01-01T00:00:00.000Z', paymentRef: 'fkp_1', ref: 'fkp_1', reference: 'tx-1', amount: { value: 900, currency: 'EUR' } };

describe('fake notification reader', () => {
  it('rejects an unsigned or wrongly signed body, with no facts', () => {
    const rawBody = JSON.stringify({ ...base, event: 'authorization', result: 'authorized' });
    const unsigned = parseFakeNotification({ headers: {}, rawBody, query: {} }, SECRET);
    expect(unsigned).toEqual({ kind: 'rejected', reason: 'signature missing or wrong', reply: { status: 401, contentType: 'text/plain', body: '[rejected]' } });
    const wrong = parseFakeNotification({ headers: { 'x-fake-psp-signature': signBody(rawBody, 'nope') }, rawBody, query: {} }, SECRET);
    expect(wrong.kind).toBe('rejected');
    expect(wrong).not.toHaveProperty('facts');
  });

  it('rejects a signed body it cannot read', () => {
    expect(parseFakeNotification(signed('not json'), SECRET)).toMatchObject({ kind: 'rejected', reply: { status: 400 } });
    expect(parseFakeNotification(signed([1, 2]), SECRET)).toMatchObject({ kind: 'rejected' });
    expect(parseFakeNotification(signed({ ...base, event: 'capture', result: 'bogus' }), SECRET)).toMatchObject({ kind: 'rejected' });
    expect(parseFakeNotification(signed({ ...base, event: 'authorization', result: 'authorized', amount: { value: 1.5, currency: 'EUR' } }), SECRET)).toMatchObject({ kind: 'rejected' });
    expect(parseFakeNotification(signed({ ...base, event: 'chargeback', result: 'succeeded' }), SECRET)).toMatchObject({ kind: 'rejected' });
  });

  it('reads the signature header whatever its case', () => {
    const parsed = parseFakeNotification(signed({ ...base, event: 'authorization', result: 'declined', declineReason: 'expired' }, 'X-Fake-Psp-Signature'), SECRET);
    expect(parsed).toMatchObject({ kind: 'accepted', facts: [{ kind: 'declined', category: 'expired' }] });
  });

  it('normalizes each event into facts and answers [accepted]', () => {
    const read = (body: Record<string, unknown>) => {
      const parsed = parseFakeNotification(signed({ ...base, ...body }), SECRET);
      if (parsed.kind !== 'accepted') throw new Error(parsed.reason);
      expect(parsed.reply).toEqual({ status: 200, contentType: 'text/plain', body: '[accepted]' });
      return parsed.facts;
    };
    const ref = { transactionId: 'tx-1', providerRef: 'fkp_1' };
    expect(read({ event: 'authorization', result: 'authorized', partial: 'payer', card: { brand: 'visa', alias: 'fka_1' } })).toEqual([
      { kind: 'authorized', ref, providerRef: 'fkp_1', granted: { amount: 900, currency: 'EUR' }, chosenByPayer: true, cardScheme: 'visa', cardAlias: 'fka_1' },
    ]);
    expect(read({ event: 'authorization', result: 'authorized', partial: 'issuer', card: { brand: 'unknown-net' } })).toEqual([
      { kind: 'authorized', ref, providerRef: 'fkp_1', granted: { amount: 900, currency: 'EUR' } },
    ]);
    expect(read({ event: 'authorization', result: 'declined', declineReason: 'whatever', code: '99' })).toEqual([{ kind: 'declined', ref, providerRef: 'fkp_1', statusCode: '99' }]);
    expect(read({ event: 'authorization', result: 'cancelled' })).toEqual([{ kind: 'cancelled-by-payer', ref, providerRef: 'fkp_1' }]);
    expect(read({ event: 'authorization', result: 'pending' })).toEqual([{ kind: 'lender-pending', ref, providerRef: 'fkp_1' }]);
    expect(read({ event: 'capture', ref: 'fkc_1', result: 'succeeded' })).toEqual([{ kind: 'captured', success: true, ref: { transactionId: 'tx-1', providerRef: 'fkc_1' }, providerRef: 'fkc_1' }]);
    expect(read({ event: 'void', result: 'failed' })).toEqual([{ kind: 'voided', success: false, ref, providerRef: 'fkp_1' }]);
    expect(read({ event: 'refund', result: 'succeeded' })).toEqual([{ kind: 'refunded', success: true, ref, providerRef: 'fkp_1' }]);
    expect(
      read({ event: 'chargeback', ref: 'fkc_1', result: 'succeeded', chargeback: { type: 'chargeback', reasonCode: '4837', status: 'opened', date: '2030-01-02', validUntil: '2030-02-01' } }),
    ).toEqual([
      { kind: 'chargeback', providerRef: 'fkc_1', type: 'chargeback', amount: { amount: 900, currency: 'EUR' }, reasonCode: '4837', status: 'opened', date: '2030-01-02', validUntil: '2030-02-01' },
    ]);
    expect(read({ event: 'report-available', result: 'succeeded' })).toEqual([]);
  });
});
