import type { SessionView } from '@splitpay/domain';

/** An HTTP answer as a page would read it. */
export interface Answer<T = Record<string, unknown>> {
  readonly status: number;
  readonly body: T;
  readonly headers: Headers;
}

async function call<T>(method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<Answer<T>> {
  const res = await fetch(url, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    redirect: 'manual',
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: kept as text
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

export interface ViewAnswer {
  readonly view: SessionView;
  readonly attemptId?: string;
  readonly code?: string;
  readonly message?: string;
}

/** The payment page's calls to the elements doors, over real HTTP, with one elements token. */
export class ElementsClient {
  constructor(
    readonly baseUrl: string,
    readonly token: string,
    private readonly extraHeaders: Readonly<Record<string, string>> = {},
  ) {}

  private get auth(): Record<string, string> {
    return { ...this.extraHeaders, Authorization: `Bearer ${this.token}` };
  }

  /** The same page behind a proxy that names the payer's address in X-Forwarded-For. */
  behindProxy(forwardedFor: string): ElementsClient {
    return new ElementsClient(this.baseUrl, this.token, { ...this.extraHeaders, 'X-Forwarded-For': forwardedFor });
  }

  view(): Promise<Answer<ViewAnswer>> {
    return call('GET', `${this.baseUrl}/elements/session`, this.auth);
  }

  start(body: { methodId: string; amount: number; plan?: { installments: number; withFees: boolean }; input?: Record<string, unknown> }): Promise<Answer<ViewAnswer>> {
    return call('POST', `${this.baseUrl}/elements/session/attempts`, this.auth, body);
  }

  /** Starts a card attempt with the fake card form. */
  payByCard(methodId: string, amount: number, cardNumber = '4111111111111111'): Promise<Answer<ViewAnswer>> {
    return this.start({ methodId, amount, input: { method: 'card', cardNumber, expiry: '12/30', cvc: '123' } });
  }

  cancel(attemptId: string): Promise<Answer<ViewAnswer>> {
    return call('POST', `${this.baseUrl}/elements/session/attempts/${attemptId}/cancel`, this.auth);
  }

  abandonAttempt(attemptId: string): Promise<Answer<ViewAnswer>> {
    return call('POST', `${this.baseUrl}/elements/session/attempts/${attemptId}/abandon`, this.auth);
  }

  abandonSession(): Promise<Answer<ViewAnswer>> {
    return call('POST', `${this.baseUrl}/elements/session/abandon`, this.auth);
  }

  acceptPartial(attemptId: string): Promise<Answer<ViewAnswer>> {
    return call('POST', `${this.baseUrl}/elements/session/attempts/${attemptId}/accept-partial`, this.auth);
  }

  acceptTerms(): Promise<Answer<ViewAnswer>> {
    return call('POST', `${this.baseUrl}/elements/session/accept-terms`, this.auth);
  }

  confirm(attemptId: string, paymentToken: string): Promise<Answer<ViewAnswer>> {
    return call('POST', `${this.baseUrl}/elements/session/attempts/${attemptId}/confirm`, this.auth, { input: { method: 'applepay', paymentToken } });
  }

  /** The confirm door with any body: a card's in-page action result (`{ input: { method: 'card', details } }`), or a malformed one. */
  confirmBody(attemptId: string, body: unknown): Promise<Answer<ViewAnswer>> {
    return call('POST', `${this.baseUrl}/elements/session/attempts/${attemptId}/confirm`, this.auth, body);
  }

  /**
   * Polls the view until `until` holds (the page's polling), at most `timeoutMs` of real time. A view
   * that never gets there throws, naming where it stood: a test reading on would fail further down,
   * on a consequence, and send its reader after the wrong cause.
   */
  async waitFor(until: (view: SessionView) => boolean, timeoutMs = 5_000, everyMs = 20): Promise<SessionView> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await this.view();
      if (res.status !== 200) throw new Error(`GET /elements/session answered ${res.status} ${JSON.stringify(res.body)}`);
      if (until(res.body.view)) return res.body.view;
      if (Date.now() > deadline) throw new Error(`waitFor: not reached in ${timeoutMs} ms; the view stood at ${whereItStands(res.body.view)}`);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  }
}

/** Presses a button of the fake PSP's payer page over HTTP (approve, decline, cancel, study). */
export async function pressFakePspButton(redirectUrl: string, button: 'approve' | 'decline' | 'cancel' | 'study', body?: { amount: number }): Promise<Answer<unknown>> {
  return call('POST', `${redirectUrl}/${button}`, {}, body);
}

/** Follows a URL without following redirects (the browser's navigation, one hop). */
export function navigate(url: string): Promise<Answer<unknown>> {
  return call('GET', url, {});
}

function whereItStands(view: SessionView): string {
  const attempts = view.attempts.map((a) => `${a.methodId} ${a.status}`).join(', ');
  return `${view.status} (attempts: ${attempts || 'none'})`;
}
