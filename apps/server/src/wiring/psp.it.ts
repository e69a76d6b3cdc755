import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { METHOD_KINDS, money, type AttemptId, type PspPlugin, type TransactionId } from '@splitpay/domain';
import { CapturingLogger, CARD_CAPS } from '@splitpay/domain/src/testing';
import { PromMetrics } from '@splitpay/infra';
import { createPspRegistry } from './psp';
import { counterCatalog } from './metrics';
import { meteredRegistry } from './psp-metrics';
import { PROVIDER_PLUGS } from './providers/provider-list';
import { plugin } from './providers/provider-plug';

const silent = new CapturingLogger();
const clock = { now: () => Date.now() };
const metrics = { increment: () => undefined };

describe('createPspRegistry', () => {
  it('does not carry the fake provider when FAKE_PSP is off, nor mount its router; Adyen stays on', () => {
    const wiring = createPspRegistry({ publicBaseUrl: 'http://localhost:3000', fakePsp: false, fakePspDelayMs: 300, pspTimeoutMs: 15_000 }, { logger: silent, clock, metrics });
    expect(wiring.registry.carries('fake')).toBe(false);
    expect(wiring.mounts).toEqual([]);
    expect([wiring.registry.driver('adyen', 'card')?.provider, wiring.registry.driver('adyen', 'applepay')?.provider]).toEqual(['adyen', 'adyen']);
  });

  it('names every provider of the list, as GET /api/me and the dashboard show them (D66), through the metered registry too', () => {
    const wiring = createPspRegistry({ publicBaseUrl: 'http://localhost:3000', fakePsp: true, fakePspDelayMs: 300, pspTimeoutMs: 15_000 }, { logger: silent, clock, metrics });
    const names = (registry: Pick<typeof wiring.registry, 'providerIds' | 'displayName'>) => Object.fromEntries(registry.providerIds().map((id) => [id, registry.displayName(id)]));
    const expected = { adyen: 'Adyen', fake: 'Fake PSP', oney: 'Oney', paypal: 'PayPal', worldline: 'Worldline' };
    expect(names(wiring.registry)).toEqual(expected);
    expect(names(meteredRegistry(wiring.registry, new PromMetrics({ counters: counterCatalog(wiring.registry.providerIds()) })))).toEqual(expected);
    wiring.close();
  });

    it('registers every provider of the list: turning the fake provider off leaves the others on', () => {
    const real: PspPlugin = {
      id: 'real',
      settings: [],
      create: () => ({ id: 'real', drivers: [{ provider: 'real', method: 'card', capabilities: CARD_CAPS } as never], parseNotification: async () => ({ kind: 'rejected', reason: 'x', reply: { status: 401, contentType: 'text/plain', body: '' } }) }),
    };
    const plugs = [...PROVIDER_PLUGS, plugin(real)];
    const off = createPspRegistry({ publicBaseUrl: 'http://localhost:3000', fakePsp: false, fakePspDelayMs: 300, pspTimeoutMs: 15_000 }, { logger: silent, clock, metrics }, plugs);
    expect([off.registry.carries('fake'), off.registry.carries('real'), off.registry.driver('real', 'card')?.provider]).toEqual([false, true, 'real']);
    const on = createPspRegistry({ publicBaseUrl: 'http://localhost:3000', fakePsp: true, fakePspDelayMs: 300, pspTimeoutMs: 15_000 }, { logger: silent, clock, metrics }, plugs);
    expect([on.registry.carries('fake'), on.registry.carries('real')]).toEqual([true, true]);
    on.close();
  });

  it("gives every provider package the server's PSP timeout, which the first send of an owed operation waits for (D90)", () => {
    const given: number[] = [];
    const real: PspPlugin = {
      id: 'real',
      settings: [],
      create: ({ timeoutMs }) => {
        given.push(timeoutMs);
        return { id: 'real', drivers: [], parseNotification: async () => ({ kind: 'rejected', reason: 'x', reply: { status: 401, contentType: 'text/plain', body: '' } }) };
      },
    };
    createPspRegistry({ publicBaseUrl: 'http://localhost:3000', fakePsp: false, fakePspDelayMs: 0, pspTimeoutMs: 4_321 }, { logger: silent, clock, metrics }, [plugin(real)]);
    expect(given).toEqual([4_321]);
  });

  it('with FAKE_PSP on: the fake provider for every method, and its router answering over HTTP', async () => {
    let base = '';
    const wiring = createPspRegistry({ publicBaseUrl: 'http://localhost:0', fakePsp: true, fakePspDelayMs: 0, pspTimeoutMs: 15_000 }, { logger: silent, clock, metrics, publicBaseUrl: () => base });
    expect(wiring.registry.carries('fake')).toBe(true);
    for (const method of METHOD_KINDS) expect(wiring.registry.driver('fake', method)?.provider).toBe('fake');
    expect(wiring.mounts.map((m) => m.mountPath)).toEqual(['/fake-psp']);

    const app = express();
    for (const mount of wiring.mounts) app.use(mount.mountPath, mount.router);
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const driver = wiring.registry.driver('fake', 'wero');
      const opened = await driver?.open({
        transactionId: '01900000-0000-7000-8000-000000000001' as TransactionId,
        attemptId: '01900000-0000-7000-8000-000000000002' as AttemptId,
        reference: 'order-1-000000001',
        offer: { id: 'wero', method: 'wero', provider: 'fake', capabilities: driver.capabilities, partialRefunds: true },
        settings: {},
        amount: money(2_000, 'EUR'),
        registerAlias: false,
        order: { orderId: 'order-1' },
        returnUrl: `${base}/elements/return/01900000-0000-7000-8000-000000000002`,
        notificationUrl: `${base}/psp/fake/notifications`,
      });
      expect(opened?.ack.outcome).toBe('accepted');
      expect(opened?.redirect?.url).toBe(`${base}/fake-psp/pay/${opened?.ack.providerRef}`);
      await request(base).get(`/fake-psp/pay/${opened?.ack.providerRef}`).expect(200);
    } finally {
      wiring.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
