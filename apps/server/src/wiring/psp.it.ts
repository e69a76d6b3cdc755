import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { METHOD_KINDS, money, type AttemptId, type TransactionId } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/infra';
import { createPspRegistry } from './psp';

const silent = new CapturingLogger();
const clock = { now: () => Date.now() };

describe('createPspRegistry', () => {
  it('carries no provider when FAKE_PSP is off', () => {
    const wiring = createPspRegistry({ publicBaseUrl: 'http://localhost:3000', fakePsp: false, fakePspDelayMs: 300 }, { logger: silent, clock });
    expect(wiring.registry.carries('fake')).toBe(false);
    expect(wiring.fakePsp).toBeUndefined();
  });

  it('with FAKE_PSP on: the fake provider for every method, and its router answering over HTTP', async () => {
    let base = '';
    const wiring = createPspRegistry({ publicBaseUrl: 'http://localhost:0', fakePsp: true, fakePspDelayMs: 0 }, { logger: silent, clock, publicBaseUrl: () => base });
    expect(wiring.registry.carries('fake')).toBe(true);
    for (const method of METHOD_KINDS) expect(wiring.registry.driver('fake', method)?.provider).toBe('fake');
    expect(wiring.fakePsp?.mountPath).toBe('/fake-psp');

    const app = express();
    if (wiring.fakePsp) app.use(wiring.fakePsp.mountPath, wiring.fakePsp.router);
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
      wiring.fakePsp?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
