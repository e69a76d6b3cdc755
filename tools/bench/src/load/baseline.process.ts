import http from 'node:http';
import { createSecretKey } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';
import jwt from 'jsonwebtoken';
import { ajv, compileSchema, sessionRequestSchema } from '@splitpay/http-api';
import { announce } from './child-process';

/**
 * The bare baseline of session creation: Express 5, the same request schema compiled as the service
 * compiles it (its ajv instance, options and formats, the ISO code lists included, named schemas
 * apart: compileSchema), and the same HS256 token check with jsonwebtoken (issuer, audience),
 * answering 201 with a small JSON body. No store, no domain: what any service on this stack pays per request.
 */
async function main(): Promise<void> {
  const key = process.env.BASELINE_SIGNING_KEY ?? '';
  const secretKey = createSecretKey(Buffer.from(key, 'utf8'));
  const issuer = process.env.BASELINE_ISSUER ?? '';
  const validate = compileSchema(sessionRequestSchema);

  const app = express();
  app.post('/api/sessions', express.json(), (req, res) => {
    const token = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    try {
      jwt.verify(token ?? '', secretKey, { algorithms: ['HS256'], issuer, audience: issuer });
    } catch {
      res.status(401).json({ code: 'Unauthorized' });
      return;
    }
    if (!validate(req.body)) {
      res.status(400).json({ code: 'InvalidRequest', message: ajv.errorsText(validate.errors) });
      return;
    }
    res.status(201).json({ sessionId: 'bare', orderId: (req.body as { orderId: string }).orderId });
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  announce(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
