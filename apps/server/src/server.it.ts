import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { readConfig } from './config';
import { startServer } from './server';

describe('startServer', () => {
  it('serves the composed service and says what is wrong when its port is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, resolve));
    const port = (blocker.address() as AddressInfo).port;
    const env = { PORT: String(port), LOG_LEVEL: 'error', SCRYPT_COST: '10,8,1' };
    try {
      await expect(startServer(readConfig(env))).rejects.toThrow(`port ${port} is already in use (set PORT)`);
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }

    const running = await startServer(readConfig(env));
    try {
      const health = await fetch(`${running.url}/health`);
      expect(health.status).toBe(200);
      const token = await fetch(`${running.url}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials&client_id=demo&client_secret=demo-secret',
      });
      expect(token.status).toBe(200);
      // The one real process also exposes Node's own metrics.
      const metrics = await (await fetch(`${running.url}/metrics`)).text();
      expect(metrics).toContain('# TYPE process_cpu_user_seconds_total counter');
      expect(metrics).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    } finally {
      await running.close();
    }
  });
});
