import { sessionBody } from './session-creation.load';

/** Latencies per door, in ms, as the payers and the merchant server saw them. */
export class DoorLatencies {
  private readonly byDoor = new Map<string, number[]>();

  record(door: string, ms: number): void {
    let list = this.byDoor.get(door);
    if (!list) this.byDoor.set(door, (list = []));
    list.push(ms);
  }

  /** p99 of each door, worst first. */
  p99s(): { readonly door: string; readonly count: number; readonly p99Ms: number }[] {
    return [...this.byDoor.entries()]
      .map(([door, list]) => {
        const sorted = [...list].sort((a, b) => a - b);
        return { door, count: sorted.length, p99Ms: sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))] ?? 0 };
      })
      .sort((a, b) => b.p99Ms - a.p99Ms);
  }
}

export interface PaymentRun {
  readonly payers: number;
  readonly paid: readonly string[];
  /** Tranches started, and how many of them had their verdict in the start's answer already (no poll needed). */
  readonly tranches: number;
  readonly verdictsInStartAnswer: number;
  /** Views polled (each after a `pollMs` wait). */
  readonly polls: number;
  readonly failed: number;
  readonly seconds: number;
  readonly latencies: DoorLatencies;
}

interface View {
  readonly status: string;
  readonly attempts: readonly { readonly status: string }[];
}

const SETTLED = new Set(['AUTHORIZED', 'CAPTURED']);
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `payers` payers at once for `seconds`: each pays orders one after another, as a page does: the
 * merchant server creates the session, the payer pays 60.00 by card, polls the view every `pollMs`
 * until the verdict, pays 40.00 by card, and polls until PAID. Load runs in this process only.
 */
export async function runPayers(url: string, token: string, payers: number, seconds: number, pollMs: number): Promise<PaymentRun> {
  const latencies = new DoorLatencies();
  const paid: string[] = [];
  let failed = 0;
  let n = 0;
  let tranches = 0;
  let verdictsInStartAnswer = 0;
  let polls = 0;

  const call = async (door: string, path: string, bearer: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> => {
    const t0 = performance.now();
    const res = await fetch(`${url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as Record<string, unknown>;
    latencies.record(door, performance.now() - t0);
    return { status: res.status, json };
  };

  const pollUntil = async (pst: string, first: View, done: (view: View) => boolean, until: number): Promise<View> => {
    let view = first;
    tranches++;
    if (done(view)) verdictsInStartAnswer++;
    while (!done(view) && Date.now() < until) {
      await sleep(pollMs);
      polls++;
      const res = await call('GET /elements/session', '/elements/session', pst);
      view = res.json.view as View;
    }
    return view;
  };

  const payOne = async (until: number): Promise<void> => {
    const created = await call('POST /api/sessions', '/api/sessions', token, sessionBody(`pay-${process.pid}-${++n}`));
    if (created.status !== 201) throw new Error(`session creation answered ${created.status}`);
    const pst = created.json.elementsToken as string;
    const sessionId = created.json.sessionId as string;
    const card = { method: 'card', cardNumber: '4111111111111111', expiry: '12/30', cvc: '123' };
    let started = await call('POST /elements/session/attempts', '/elements/session/attempts', pst, { methodId: 'card', amount: 6_000, input: card });
    if (started.status !== 201) throw new Error(`first tranche answered ${started.status}`);
    const first = await pollUntil(pst, started.json.view as View, (v) => SETTLED.has(v.attempts[0]?.status ?? ''), until + 10_000);
    if (!SETTLED.has(first.attempts[0]?.status ?? '')) throw new Error(`first tranche ended ${first.attempts[0]?.status}`);
    started = await call('POST /elements/session/attempts', '/elements/session/attempts', pst, { methodId: 'card', amount: 4_000, input: card });
    if (started.status !== 201) throw new Error(`second tranche answered ${started.status}`);
    const last = await pollUntil(pst, started.json.view as View, (v) => v.status === 'PAID', until + 10_000);
    if (last.status !== 'PAID') throw new Error(`session ended ${last.status}`);
    paid.push(sessionId);
  };

  const started = Date.now();
  const until = started + seconds * 1000;
  const payer = async (): Promise<void> => {
    while (Date.now() < until) {
      try {
        await payOne(until);
      } catch (error) {
        failed++;
        if (failed <= 3) console.error(`payer: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: payers }, payer));
  const elapsed = (Date.now() - started) / 1000;
  return { payers, paid, failed, seconds: elapsed, latencies, tranches, verdictsInStartAnswer, polls };
}
