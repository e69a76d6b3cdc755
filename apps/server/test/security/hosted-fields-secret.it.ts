import { CLIENT_KEY, SETTINGS } from '@splitpay/psp-adyen/src/testing/adyen-fixtures';
import { providerService } from '../support/provider-service';

// The view over HTTP never hands a payer's browser one of the merchant's secret settings through a
// card's hosted fields (docs/decisions.md D144-a): here a merchant whose Adyen API key (secret, sealed
// at rest) was also entered as the public client key. The card's hosted fields are left out, an error
// line names the provider and the field (never the value), and the other methods are still listed.

jest.setTimeout(30_000);

describe('hosted fields holding a secret setting (D144-a)', () => {
  const service = providerService([
    { method: 'card', provider: 'adyen', settings: { ...SETTINGS, apiKey: CLIENT_KEY, merchantIdentifier: undefined, displayName: undefined } },
    { method: 'ancv', provider: 'fake' },
  ]);
  const h = service.h;

  it('the view leaves out the hosted fields whose key is the API key, logs an error without the value, and lists the other methods', async () => {
    const { page } = await h.openPage({ currency: 'EUR', total: 10_000, orderId: 'hosted-secret', methods: [{ method: 'card' }, { method: 'ancv' }] });
    const answer = await page.view();
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.body)).not.toContain(CLIENT_KEY);
    const card = answer.body.view.methods.find((m) => m.method === 'card');
    expect(card).toBeDefined();
    expect(card).not.toHaveProperty('hostedFields');
    expect(answer.body.view.methods.map((m) => m.method)).toEqual(['card', 'ancv']);
    const errors = h.logLines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === 'payer.hosted_fields_secret');
    expect(errors).toEqual([expect.objectContaining({ level: 'error', provider: 'adyen', fields: ['key'] })]);
    expect(h.logLines.join('\n')).not.toContain(CLIENT_KEY);
  });
});
