import type { Attempt, PageAction, Redirect, Session, SessionId } from '@splitpay/domain';
import { fieldNames, pickFields } from './plain-document';

/** One form parameter of a redirect, its PSP-given name kept as a value. */
export interface FormParamDocument {
  readonly name: string;
  readonly value: string;
}

/**
 * A redirect as stored: form parameters are a PSP's free-form names, kept as `{ name, value }`
 * entries so that no field name in a stored document ever comes from outside (a `$` or a `.` in a key
 * would be refused or misread by MongoDB). Entries, not `[name, value]` pairs: some wire-protocol
 * servers (FerretDB 1.x) refuse nested arrays.
 */
export type RedirectDocument =
  | { readonly kind: 'navigate'; readonly url: string }
  | { readonly kind: 'form'; readonly url: string; readonly params: readonly FormParamDocument[] };

/**
 * An in-page action as stored: the PSP's action object is free-form (its names come from outside, as
 * a form redirect's do), so it is kept as its JSON text.
 */
export interface PageActionDocument {
  readonly kind: PageAction['kind'];
  readonly actionJson: string;
  readonly resultFields?: readonly string[];
}

export type AttemptDocument = Omit<Attempt, 'redirect' | 'pageAction'> & { readonly redirect?: RedirectDocument; readonly pageAction?: PageActionDocument };

/**
 * One session, one document: its attempts, their transactions, the owed PSP operations and the owed
 * webhook message, so one atomic update records a state change together with what it owes.
 * `_id` is the session id. `providerRefs` is derived at every write (`JSON [provider, providerRef]`
 * of every transaction) so `findByProviderRef` is one equality on a multikey index.
 */
export interface SessionDocument extends Omit<Session, 'id' | 'attempts'> {
  readonly _id: string;
  readonly attempts: readonly AttemptDocument[];
  readonly providerRefs: readonly string[];
  /**
   * Present while the search entries may lag the stored version: set by one update only when a
   * write's entries failed, removed once they are rebuilt (search/entry-follower.ts). Never part of the Session.
   */
  readonly entriesDirty?: true;
}

/** Every field of the domain's Session; `tsc` fails here when the model gains or loses one. */
export const SESSION_FIELDS = fieldNames<Session>({
  id: true,
  merchantId: true,
  orderId: true,
  status: true,
  total: true,
  captured: true,
  createdAt: true,
  updatedAt: true,
  expiresAt: true,
  endedAt: true,
  awaitingUntil: true,
  version: true,
  methods: true,
  attempts: true,
  elementsTokenHash: true,
  idempotency: true,
  notification: true,
  terms: true,
  termsAcceptedAt: true,
  paymentMethodFilters: true,
  cartItems: true,
  customer: true,
  billing: true,
  shipping: true,
  travel: true,
  returnUrl: true,
  cancelUrl: true,
  statementDescriptor: true,
  extraData: true,
  mustCreateAlias: true,
  dueAt: true,
  notificationDueAt: true,
  lease: true,
});

export function providerRefKey(provider: string, providerRef: string): string {
  return JSON.stringify([provider, providerRef]);
}

function redirectToDocument(redirect: Redirect): RedirectDocument {
  if (redirect.kind !== 'form') return redirect;
  return { ...redirect, params: Object.entries(redirect.params).map(([name, value]) => ({ name, value })) };
}

function redirectFromDocument(redirect: RedirectDocument): Redirect {
  if (redirect.kind !== 'form') return redirect;
  return { ...redirect, params: Object.fromEntries(redirect.params.map(({ name, value }) => [name, value])) };
}

export function attemptToDocument(attempt: Attempt): AttemptDocument {
  const { redirect, pageAction, ...rest } = attempt;
  return {
    ...rest,
    ...(redirect ? { redirect: redirectToDocument(redirect) } : {}),
    ...(pageAction ? { pageAction: { kind: pageAction.kind, actionJson: JSON.stringify(pageAction.action), ...(pageAction.resultFields ? { resultFields: [...pageAction.resultFields] } : {}) } } : {}),
  };
}

export function attemptFromDocument(doc: AttemptDocument): Attempt {
  const { redirect, pageAction, ...rest } = doc;
  return {
    ...rest,
    ...(redirect ? { redirect: redirectFromDocument(redirect) } : {}),
    ...(pageAction ? { pageAction: { kind: pageAction.kind, action: JSON.parse(pageAction.actionJson) as PageAction['action'], ...(pageAction.resultFields ? { resultFields: pageAction.resultFields } : {}) } } : {}),
  };
}

export function sessionToDocument(session: Session): SessionDocument {
  const { id, attempts, ...rest } = session;
  const providerRefs = new Set<string>();
  for (const attempt of attempts) {
    for (const transaction of attempt.transactions) {
      if (transaction.providerRef !== undefined) providerRefs.add(providerRefKey(attempt.provider, transaction.providerRef));
    }
  }
  return { _id: id, ...rest, attempts: attempts.map(attemptToDocument), providerRefs: [...providerRefs] };
}

/** The domain value of a stored document: `_id` and derived fields never leak out. */
export function sessionFromDocument(doc: SessionDocument): Session {
  const fields = pickFields(doc as unknown as Record<string, unknown>, SESSION_FIELDS) as Omit<Session, 'id' | 'attempts'>;
  return { ...fields, id: doc._id as SessionId, attempts: doc.attempts.map(attemptFromDocument) };
}
