import { PLAIN_HOLD_CAPABILITIES, type PspDriver, type PspProvider } from '@splitpay/domain';
import { KitSession } from './kit-session';
import type { PspKitTarget } from './kit-target';

const driver = { provider: 'acme', method: 'card', capabilities: PLAIN_HOLD_CAPABILITIES } as unknown as PspDriver;
const provider: PspProvider = { id: 'acme', drivers: [driver], parseNotification: async () => ({ kind: 'rejected', reason: 'unused', reply: { status: 400, contentType: 'text/plain', body: '' } }) };
const target: PspKitTarget = {
  name: 'acme card',
  provider: 'acme',
  method: 'card',
  declines: [],
  signedNotifications: false,
  readsDisputes: false,
  start: async () => ({ provider, settings: {}, notificationUrl: 'https://pay.example/psp/acme/notifications', returnUrl: (id) => `https://pay.example/elements/return/${id}`, script: {} as never, secrets: [], stop: async () => undefined }),
};

describe('the calls the kit makes', () => {
  it("carry the service's reference of an operation: the orderId, a dash and the last 8 hex digits of the transaction id", async () => {
    const kit = await KitSession.start(target);
    const { model, input } = kit.newOpening();
    const follow = kit.followUpInput(model, 100);
    for (const call of [input, follow]) expect(call.reference).toBe(`${model.session.orderId}-${call.transactionId.replace(/-/g, '').slice(-8)}`);
  });
});
