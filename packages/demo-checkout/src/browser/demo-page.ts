/**
 * The demo shop page's script: gets an order from the shop's server side and mounts the components
 * through the script build's `window.SplitPay`, as a merchant page would (only the parts used here
 * are declared: the demo is a consumer of the components, not a part of them).
 */

import { serviceBaseOf } from './service-base';

/** The parts of the session view the page reads to know whether an order has money at stake. */
interface ViewPart {
  readonly status: string;
  readonly attempts: readonly { readonly status: string }[];
}

interface SplitPayHandle {
  refresh(): Promise<ViewPart | undefined>;
  getView(): ViewPart | undefined;
  unmount(): void;
}

interface SplitPayOptions {
  readonly elementsToken: string;
  readonly baseUrl: string;
  readonly locale?: string;
  readonly onReady?: (view: { status: string }) => void;
  readonly onAttemptChange?: (attempt: { method: string; status: string }) => void;
  readonly onRedirect?: (redirect: { kind: string }) => void;
  readonly onEnd?: (end: { status: string }) => void;
  readonly onError?: (error: { code: string }) => void;
}

interface OrderAnswer {
  readonly orderId: string;
  readonly elementsToken: string;
}

interface InboxEntry {
  readonly receivedAt: number;
  readonly event: string;
  readonly orderId?: string;
  readonly status?: string;
}

declare global {
  interface Window {
    SplitPay: { mount(target: Element | string, options: SplitPayOptions): SplitPayHandle };
  }
}

/** Where the service answers: under PUBLIC_BASE_URL's path when a proxy strips it. */
const base = serviceBaseOf(window.location);
const lang = document.documentElement.lang === 'fr' ? 'fr' : 'en';
let handle: SplitPayHandle | undefined;
let current: OrderAnswer | undefined;
let replacing = false;
let inboxTimer: ReturnType<typeof setTimeout> | undefined;

function byId<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`demo page: #${id} missing`);
  return el as T;
}

function log(text: string): void {
  const item = document.createElement('li');
  item.textContent = `${new Date().toLocaleTimeString(lang)} ${text}`;
  byId('demo-log').prepend(item);
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
  return (await res.json()) as T;
}

async function newOrder(): Promise<OrderAnswer> {
  return json<OrderAnswer>(await fetch(`${base}/demo/orders?lang=${lang}`, { method: 'POST', headers: { Accept: 'application/json' } }));
}

async function existingOrder(orderId: string): Promise<OrderAnswer | undefined> {
  const res = await fetch(`${base}/demo/orders/${encodeURIComponent(orderId)}`, { headers: { Accept: 'application/json' } });
  return res.status === 404 ? undefined : json<OrderAnswer>(res);
}

/** Shows the webhooks of this order; stops asking once the session-ended one arrived (or after 10 minutes). */
function watchInbox(orderId: string, startedAt = Date.now()): void {
  if (inboxTimer !== undefined) clearTimeout(inboxTimer);
  const list = byId('demo-inbox');
  void fetch(`${base}/demo/webhooks?order=${encodeURIComponent(orderId)}`, { headers: { Accept: 'application/json' } })
    .then((res) => json<{ webhooks: InboxEntry[] }>(res))
    .then(({ webhooks }) => {
      list.replaceChildren(
        ...webhooks.map((w) => {
          const item = document.createElement('li');
          item.textContent = `${new Date(w.receivedAt).toLocaleTimeString(lang)} ${w.event}${w.status ? ` ${w.status}` : ''} (${w.orderId ?? ''})`;
          return item;
        }),
      );
      byId('demo-inbox-empty').hidden = webhooks.length > 0;
      const done = webhooks.some((w) => w.event === 'session-ended');
      if (!done && Date.now() - startedAt < 10 * 60_000) inboxTimer = setTimeout(() => watchInbox(orderId, startedAt), 1000);
    })
    .catch(() => {
      inboxTimer = setTimeout(() => watchInbox(orderId, startedAt), 5000);
    });
}

/** No order, hence no checkout: said on the page and announced (the region is there from the start, empty). */
function orderFailed(error: unknown): void {
  const region = byId('demo-order-failed');
  region.textContent = region.dataset.text ?? '';
  log(`error: ${String(error)}`);
}

/** The language links open the same order in the other language (the page rendered them without it). */
function carryOrderInLanguageLinks(orderId: string): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('.demo-lang a')) {
    const target = new URL(link.href);
    target.searchParams.set('order', orderId);
    link.href = target.pathname + target.search;
  }
}

/**
 * `push`: a new order gets its own history entry, so Back leads to the order it replaced; the page
 * shows an order by its address (`start`, again on popstate).
 */
function mountOrder(order: OrderAnswer, history: 'replace' | 'push' = 'replace'): void {
  byId('demo-order-failed').textContent = '';
  handle?.unmount();
  current = order;
  const url = new URL(window.location.href);
  url.searchParams.set('order', order.orderId);
  url.searchParams.set('lang', lang);
  if (history === 'push') window.history.pushState(null, '', url.pathname + url.search);
  else window.history.replaceState(null, '', url.pathname + url.search);
  carryOrderInLanguageLinks(order.orderId);
  log(`order ${order.orderId}`);
  handle = window.SplitPay.mount(byId('demo-mount'), {
    elementsToken: order.elementsToken,
    baseUrl: base,
    locale: lang,
    onReady: (view) => log(`ready: ${view.status}`),
    onAttemptChange: (attempt) => log(`${attempt.method} ${attempt.status}`),
    onRedirect: (redirect) => log(`redirect (${redirect.kind})`),
    onEnd: (end) => {
      log(`end: ${end.status}`);
      watchInbox(order.orderId);
    },
    onError: (error) => log(`error: ${error.code}`),
  });
  watchInbox(order.orderId);
}

async function start(): Promise<void> {
  const orderId = new URL(window.location.href).searchParams.get('order');
  const order = (orderId ? await existingOrder(orderId) : undefined) ?? (await newOrder());
  mountOrder(order);
}

/** Attempts whose money is held, taken, or may still be (a verdict on its way). */
const MONEY_AT_STAKE = ['AUTHORIZING', 'AUTHORIZED', 'CAPTURED'];

function moneyAtStake(view: ViewPart): boolean {
  return view.status === 'PENDING' && view.attempts.some((attempt) => MONEY_AT_STAKE.includes(attempt.status));
}

/** The payer's abandon door: the order's holds released now, not when it expires. An order that ended meanwhile has nothing left to give up. */
async function abandon(order: OrderAnswer): Promise<void> {
  const res = await fetch(`${base}/elements/session/abandon`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${order.elementsToken}`, Accept: 'application/json' },
    credentials: 'omit',
  });
  if (res.ok) return log(`abandoned ${order.orderId}`);
  const answer = (await res.json().catch(() => ({}))) as { code?: string };
  if (answer.code !== 'SessionNotPending') throw new Error(`${res.status} ${res.statusText}`);
}

/** New order: an order with money at stake is given up first, once the payer said so (D156). */
async function replaceOrder(): Promise<void> {
  const leaving = current;
  const view = handle ? ((await handle.refresh()) ?? handle.getView()) : undefined;
  if (leaving && view && moneyAtStake(view)) {
    if (!window.confirm(byId('demo-new-order').dataset.confirm ?? '')) return;
    await abandon(leaving);
  }
  mountOrder(await newOrder(), 'push');
}

byId('demo-new-order').addEventListener('click', () => {
  if (replacing) return;
  replacing = true;
  void replaceOrder()
    .catch(orderFailed)
    .finally(() => {
      replacing = false;
    });
});
window.addEventListener('popstate', () => void start().catch(orderFailed));
void start().catch(orderFailed);
