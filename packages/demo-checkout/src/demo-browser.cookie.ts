import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';

/**
 * The demo shop tells its payers' browsers apart by a random key in an HttpOnly, SameSite=Strict
 * cookie set when the first order is created: an order's elements token is given back only to the
 * browser holding its key, so an order id seen in an address (`/demo?order=`) is not enough (D79).
 */
export const DEMO_BROWSER_COOKIE = 'splitpay_demo_browser';

const KEY = /^[A-Za-z0-9_-]{22}$/;

/** The browser's key from its Cookie header, when it carries a well-formed one. */
export function browserKeyOf(req: Request): string | undefined {
  for (const pair of (req.headers.cookie ?? '').split(';')) {
    const [name, value] = pair.trim().split('=', 2);
    if (name === DEMO_BROWSER_COOKIE && value !== undefined && KEY.test(value)) return value;
  }
  return undefined;
}

/** The browser's key, or a new one (128 random bits) set on the answer, scoped to the demo's path. */
export function ensureBrowserKey(req: Request, res: Response, demoPath: string): string {
  const known = browserKeyOf(req);
  if (known) return known;
  const key = randomBytes(16).toString('base64url');
  res.setHeader('Set-Cookie', `${DEMO_BROWSER_COOKIE}=${key}; Path=${demoPath}; HttpOnly; SameSite=Strict${req.secure ? '; Secure' : ''}`);
  return key;
}

export function sameBrowser(given: string | undefined, owner: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(owner, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
