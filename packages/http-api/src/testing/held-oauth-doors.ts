import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DashboardClient, type ClientCredentialsGrant, type ContactLogin } from '@splitpay/application';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import { createHttpApp } from '../app/create-app';
import { oauthRouter, type OAuthRouterDeps } from '../oauth/oauth.router';
import type { HeldChecks } from './held-checks';
import { SharedCounters } from './shared-counters';

/** The dashboard's redirect URI the doors know. */
export const DASHBOARD_REDIRECT = 'https://dashboard.example/callback';

/** A credential check the test holds: pushed into `checks`, it ends when the test calls `answer`. */
export type HoldCheck = (answer: () => void) => void;

/** What a failed-authentication limit test is given to drive the doors: held checks, the servers' closes, and a way to post. */
export interface HeldOAuthDoors extends HeldChecks {
  /** Resolves once the next credential check has begun. */
  nextCheck(): Promise<void>;
  /** Resolves once the service has seen the next response closed (answered or left by its client). */
  nextServerClose(): Promise<void>;
  /** From now on every credential check is answered as soon as it begins. */
  answerChecksAtOnce(): void;
  /** Posts `form` to `path` from the address `from` (X-Forwarded-For), on the instances in turn. */
  post(path: string, form: Record<string, string>, from: string): http.ClientRequest;
  close(): Promise<void>;
}

/** An answer as the client read it. */
export interface DoorAnswer {
  readonly status: number;
  readonly retryAfter?: string;
  readonly location?: string;
  readonly text: string;
}

const unused = async (): Promise<never> => {
  throw new Error('not in this test');
};

/**
 * `instances` of the service's /oauth doors on shared counters, with the default limits and each its
 * default hashing gate, listening on ports. `checking` gives the doors whose credential check (scrypt
 * in the service) the test holds, through `hold`, so that a client can leave while it runs; every
 * other door throws.
 */
export async function listeningHeldOAuthDoors(instances: number, checking: (hold: HoldCheck) => Partial<OAuthRouterDeps>): Promise<HeldOAuthDoors> {
  const checks: { readonly answer: () => void }[] = [];
  let onCheck: () => void = () => undefined;
  let onServerClose: () => void = () => undefined;
  const hold: HoldCheck = (answer) => {
    checks.push({ answer });
    onCheck();
  };
  const deps: OAuthRouterDeps = {
    issuer: 'https://pay.example',
    dashboard: new DashboardClient({ redirectUris: [DASHBOARD_REDIRECT] }),
    clientCredentials: { exchange: unused } as unknown as ClientCredentialsGrant,
    contactLogin: { login: unused } as unknown as ContactLogin,
    authorizationCode: { exchange: unused } as unknown as OAuthRouterDeps['authorizationCode'],
    refreshToken: { exchange: unused } as unknown as OAuthRouterDeps['refreshToken'],
    revocation: { revoke: unused } as unknown as OAuthRouterDeps['revocation'],
    accessTokens: { verify: () => null },
    sharedCounters: { counters: new SharedCounters(), logger: new CapturingLogger() },
    ...checking(hold),
  };
  const servers = await Promise.all(
    Array.from({ length: instances }, async () => {
      const server = http.createServer(createHttpApp({ logger: new CapturingLogger(), routers: [oauthRouter(deps)], trustProxy: 'loopback' }));
      server.on('request', (_req, res: http.ServerResponse) => res.once('close', () => onServerClose()));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return server;
    }),
  );
  let sent = 0;

  return {
    checks,
    onCheck: (then) => (onCheck = then),
    nextCheck: () => new Promise<void>((resolve) => (onCheck = resolve)),
    nextServerClose: () => new Promise<void>((resolve) => (onServerClose = resolve)),
    answerChecksAtOnce: () => (onCheck = () => checks.shift()?.answer()),
    post: (path, form, from) => {
      const body = new URLSearchParams(form).toString();
      const server = servers[sent++ % servers.length] as http.Server;
      return http
        .request({
          host: '127.0.0.1',
          port: (server.address() as AddressInfo).port,
          path,
          method: 'POST',
          agent: false,
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), 'x-forwarded-for': from },
        })
        .end(body);
    },
    close: async () => {
      await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
}

/** The answer to `request` once read to its end; rejects if the request fails (a client that left). */
export function answerOf(request: http.ClientRequest): Promise<DoorAnswer> {
  return new Promise((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], location: res.headers.location, text }));
    });
  });
}
