import { PLAIN_HOLD_CAPABILITIES, type PspDriver, type PspPluginDeps, type PspProvider } from '@splitpay/domain';
import { KIT_PSP_TIMEOUT_MS } from './kit-deadline';
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
  start: async () => ({ plugin: { id: 'acme', settings: [], create: () => provider }, settings: {}, notificationUrl: 'https://pay.example/psp/acme/notifications', returnUrl: (id) => `https://pay.example/elements/return/${id}`, script: {} as never, secrets: [], stop: async () => undefined }),
};

describe('the calls the kit makes', () => {
  it("carry the service's reference of an operation: the orderId, a dash and the last 8 hex digits of the transaction id", async () => {
    const kit = await KitSession.start(target);
    const { model, input } = kit.newOpening();
    const follow = kit.followUpInput(model, 100);
    for (const call of [input, follow]) expect(call.reference).toBe(`${model.session.orderId}-${call.transactionId.replace(/-/g, '').slice(-8)}`);
  });
});

describe('the provider a check runs against', () => {
  it("is built by the run's plugin, with the kit's logger, a clock and the kit's timeout, as the service builds it", async () => {
    const given: PspPluginDeps[] = [];
    const kit = await KitSession.start({ ...target, start: async () => ({ ...(await target.start()), plugin: { id: 'acme', settings: [], create: (deps) => { given.push(deps); return provider; } } }) });
    expect(kit.provider).toBe(provider);
    expect(given).toHaveLength(1);
    expect(given[0]?.logger).toBe(kit.logger);
    expect(given[0]?.timeoutMs).toBe(KIT_PSP_TIMEOUT_MS);
    expect(typeof given[0]?.clock.now()).toBe('number');
  });

  it("is refused when the run's plugin is another provider's", async () => {
    await expect(KitSession.start({ ...target, start: async () => ({ ...(await target.start()), plugin: { id: 'other', settings: [], create: () => provider } }) })).rejects.toThrow('not the target');
  });
});
