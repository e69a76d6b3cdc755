import { OFFICIAL_BODY, OFFICIAL_SECRET, OFFICIAL_SIGNATURE } from '../testing/official-webhook-vector';
import { isWebhookSignature, webhookSignature } from './webhook-signature';

describe('X-GCS-Signature', () => {
  it("matches Worldline's official vector", () => {
    expect(webhookSignature(OFFICIAL_SECRET, OFFICIAL_BODY)).toBe(OFFICIAL_SIGNATURE);
    expect(isWebhookSignature(OFFICIAL_SECRET, OFFICIAL_BODY, OFFICIAL_SIGNATURE)).toBe(true);
  });

  it('matches the compact vector of the notes', () => {
    expect(webhookSignature('hello+world', '{"apiVersion":"v1","id":"evt-1","merchantId":"1234","type":"payment.captured"}')).toBe('XkJZv5YHJ4VDVMrG6KqfxsDqB5IhXwzQc2GB39etFU0=');
  });

  it('refuses a changed body, another secret and a truncated signature', () => {
    const changed = OFFICIAL_BODY.replace('20170202112414', '20170202112514');
    expect(isWebhookSignature(OFFICIAL_SECRET, changed, OFFICIAL_SIGNATURE)).toBe(false);
    expect(isWebhookSignature('1hello+world', OFFICIAL_BODY, OFFICIAL_SIGNATURE)).toBe(false);
    expect(isWebhookSignature('hello+world', OFFICIAL_BODY, '2S7doBj/GnJnacIjSJzr5fxGM5xmfQ')).toBe(false);
  });
});
