import type { ApiResult, AttemptJson, RefundAnswer, SessionJson, TransactionJson } from '../api/api-types';
import type { RefundTarget } from '../api/dashboard-api';
import { methodWords } from '../i18n/payment-names';
import { replayedTogether, replayOwed, type Replayed } from '../notification/replayed';
import { providerLabel } from '../operations/provider-options';
import { madeRefundOf, refundIdsOf } from '../refund/refund-outcome';
import { refundSaying } from '../refund/refund-saying';
import { refundStanding, type RefundStanding } from '../refund/refunds-in-flight';
import type { PaymentOrigin } from '../sessions/session-address';
import { chargebacksSection, type ChargebacksAnswer } from './chargebacks.view';
import { facts, h, replaceChildren, type Child } from './dom';
import { focusPlace, restoreFocus } from './focus-place';
import { notificationSection } from './notification.view';
import { PanelOpeners } from './panel-openers.view';
import { PendingReread } from './pending-reread';
import { refundForm, sessionRefundConfirm } from './refund-form.view';
import { tableRegion } from './table-region';
import { refusalWords, type ViewContext } from './view-context';

const TERMINAL = new Set(['PAID', 'ABORTED', 'EXPIRED', 'AWAITED_REFUSED']);

/** The whole payment's refund panel, by what it refunds. */
const SESSION_KEY = 'refund-session';

/** Whether a refund of the payment awaits its verdict: its refund controls are disabled until none does (D121-a). */
const refundsPending = (session: SessionJson): boolean => session.attempts.some((a) => refundStanding(a).pending !== undefined);

/** A refund control's name across redraws: what it refunds. */
const refundKey = (target: RefundTarget): string =>
  target.kind === 'session' ? 'refund-session' : target.kind === 'attempt' ? `refund-attempt-${target.attemptId}` : `refund-transaction-${target.transactionId}`;

/** Operations that took money, the ones a transaction refund door accepts. */
const tookMoney = (tx: TransactionJson): boolean => (tx.type === 'capture' || tx.type === 'payment') && tx.status.kind === 'succeeded';

/** A payment's page, and its drawing anew in another language. */
export interface SessionView {
  readonly element: HTMLElement;
  /**
   * The language changed (`ctx.tr` is the page's, read anew): the payment as last read is drawn in it
   * at once, its open panels and what was typed in them kept, focus where it was (D151).
   */
  retranslate(): void;
}

/**
 * A payment, its Back link leading to the page of the list it was opened from (D66, D70). `ctx.tr` is
 * read again when the view is retranslated.
 */
export function sessionView(ctx: ViewContext, sessionId: string, back: PaymentOrigin): SessionView {
  let { t } = ctx.tr;
  const body = h('div', { 'aria-busy': 'true' }, h('p', {}, t.loading));
  const backLink = h('a', { href: back.hash }, back.kind === 'operations' ? t.backToOperations : t.backToPayments);
  // Outside the body that every read draws anew: it outlives the read it asks for.
  const notice = h('p', { class: 'error', role: 'alert' });
  /** The notice's words, said again in another language. */
  let noticeWords: (() => string) | undefined;
  const sayNotice = (words: (() => string) | undefined): void => {
    noticeWords = words;
    notice.textContent = words ? words() : '';
  };
  const section = h('section', { class: 'session' }, h('p', {}, backLink), notice, body);
  /** The payment as last drawn: its tranches' numbers, for what an answer says of them. */
  let shown: SessionJson | undefined;
  /** The refund panels open: each redraw of the payment keeps them, and what was typed in them (D139). */
  const openers = new PanelOpeners();

  /**
   * After an action the page is read again and drawn anew, the pressed control with it: focus goes to
   * the heading of what was acted on (the tranche, the notification, the payment), never to the body.
   * A keyed answer naming a refund the page already showed (`before`) is a replay: nothing new was made.
   * The panel `key` that sent it is done: it closes.
   */
  const refunded = (key: string, focusId: string, before: ReadonlySet<string>) => (answer: RefundAnswer): void => {
    openers.forget(key);
    sayNotice(undefined);
    const trancheOf = (attemptId: string): string => String((shown?.attempts.findIndex((a) => a.attemptId === attemptId) ?? -1) + 1 || '');
    ctx.announce(refundSaying({ t, money: ctx.tr.money, trancheOf }, answer, before));
    void load(focusId);
  };

  /**
   * The whole payment's refund refused: nothing was refunded, and what remains may have changed since
   * the page was read (another refund, D121-b), so the figures are read again under the refusal.
   */
  const wholeRefused = (code: string): void => {
    openers.forget(SESSION_KEY);
    // The payment's words for the refusals the contract words for a tranche.
    const words = (): string => code === 'PartialRefundNotSupported' ? t.wholeRefundBelowRemains : code === 'RefundInFlight' ? t.wholeRefundInFlight : refusalWords(ctx, code);
    sayNotice(() => t.wholeRefundRefused(words()));
    void load('session-title');
  };

  /** The refund's answer was lost or failed: it may have been made, so what it left is read, never assumed. */
  const unclear = (key: string, focusId: string) => (): void => {
    openers.forget(key);
    sayNotice(() => t.refundMayHaveBeenMade);
    void load(focusId);
  };

  /**
   * A tranche's refund whose answer was unclear: when the tranche read again shows a new refund of that
   * amount, it was made, so its key is spent (a deliberate second refund is a new one, D103-f); else
   * the key stays and a retry is a safe repeat.
   */
  const trancheUnclear = (key: string, attempt: AttemptJson, before: ReadonlySet<string>) => (amount: number): void => {
    openers.forget(key);
    sayNotice(() => t.refundMayHaveBeenMade);
    void load(trancheTitleId(attempt)).then((session) => {
      const made = madeRefundOf(before, session?.attempts.find((a) => a.attemptId === attempt.attemptId), amount);
      if (!made) return;
      ctx.refundKeys.spend(attempt.attemptId, amount);
      sayNotice(() => t.refundWasMade(ctx.tr.money(made.amount)));
    });
  };

  const trancheTitleId = (attempt: AttemptJson): string => `tranche-${attempt.attemptId}`;

  /** What remains refundable, and beside it the refund on its way back that it leaves out. */
  const refundableFigure = ({ refundable, pending }: RefundStanding): Child =>
    pending ? h('span', {}, ctx.tr.money(refundable), ' ', h('span', { class: 'hint' }, t.refundPending(ctx.tr.money(pending)))) : ctx.tr.money(refundable);

  /** Why the refund controls are disabled, beside them: the id their buttons are described by. */
  const pausedNote = (id: string): HTMLElement => h('p', { id, class: 'hint refunds-paused' }, t.refundsPaused);

  /**
   * A tranche's or an operation's refund button, or its form open. `spent`: nothing remains to refund
   * there, the slot is drawn only for the form open, which says so (D139).
   */
  const refundOpener = (label: string, target: RefundTarget, attempt: AttemptJson, pausedBy: string | undefined, spent = false): HTMLElement => {
    const key = refundKey(target);
    const standing = { refundable: refundStanding(attempt).refundable, ...(pausedBy === undefined ? {} : { pausedBy }) };
    const openForm = (close: () => void) => {
      const before = refundIdsOf(attempt);
      return refundForm(ctx, {
        target,
        standing,
        attemptId: attempt.attemptId,
        onDone: refunded(key, trancheTitleId(attempt), before),
        onUnclear: trancheUnclear(key, attempt, before),
        onCancel: close,
      });
    };
    return openers.opener(key, label, standing, openForm, spent ? trancheTitleId(attempt) : undefined);
  };

  /** Whether the operation's or tranche's refund is offered: it can refund, or its form is open (to say it no longer can). */
  const refundDrawn = (canRefund: boolean, target: RefundTarget): boolean => canRefund || openers.isOpen(refundKey(target));

  /**
   * A PSP answer whose body said no status (a refusal that did not parse): what the service kept of
   * the call, its HTTP status first, so a failed refund is never shown without a reason (D129-d).
   */
  const ackWords = (tx: TransactionJson): string =>
    [tx.ackHttpStatus !== undefined ? t.ackHttpStatus(tx.ackHttpStatus) : undefined, tx.ackCode, tx.ackMessage].filter(Boolean).join(': ');

  const transactionRow = (tx: TransactionJson, attempt: AttemptJson, refundable: boolean, pausedBy: string | undefined): HTMLElement => {
    const verdict: Child[] = [t.verdict[tx.status.kind] ?? tx.status.kind];
    if (tx.status.category) verdict.push(` (${t.declineCategory[tx.status.category] ?? tx.status.category})`);
    const psp = [tx.status.statusCode, tx.status.statusMessage].filter(Boolean).join(': ') || ackWords(tx);
    const txTarget: RefundTarget = { kind: 'transaction', transactionId: tx.transactionId };
    return h(
      'tr',
      {},
      h('th', { scope: 'row' }, t.transactionType[tx.type] ?? tx.type),
      h('td', {}, ...verdict),
      h('td', { class: 'amount' }, ctx.tr.money(tx.amount)),
      h('td', {}, h('code', {}, tx.providerRef ?? '')),
      h('td', {}, psp),
      h('td', {}, ctx.tr.dateTime(tx.createdAt)),
      h('td', {}, tookMoney(tx) && refundDrawn(refundable, txTarget) ? refundOpener(t.refundOperation, txTarget, attempt, pausedBy, !refundable) : ''),
    );
  };

  const attemptArticle = (attempt: AttemptJson, index: number, ended: boolean, paused: boolean): HTMLElement => {
    const standing = refundStanding(attempt);
    const canRefund = ended && standing.refundable.amount > 0;
    const titleId = trancheTitleId(attempt);
    const trancheTarget: RefundTarget = { kind: 'attempt', attemptId: attempt.attemptId };
    const pausedBy = canRefund && paused ? `refunds-paused-${attempt.attemptId}` : undefined;
    const header = h(
      'tr',
      {},
      ...[t.type, t.verdictTitle, t.amount, t.providerRef, t.pspCode, t.createdAt].map((label) => h('th', { scope: 'col' }, label)),
      h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, t.refundColumn)),
    );
    return h(
      'article',
      { class: 'tranche', 'aria-labelledby': titleId },
      h('h3', { id: titleId, tabindex: '-1' }, t.trancheTitle(index + 1, methodWords(t, attempt.method, attempt.cardScheme))),
      facts([
        [t.status, h('span', { class: `status status-${attempt.status.toLowerCase()}` }, t.attemptStatus[attempt.status] ?? attempt.status)],
        [t.provider, providerLabel(ctx.providers, t.providerName, attempt.provider)],
        [t.requested, ctx.tr.money(attempt.requested)],
        [t.granted, ctx.tr.money(attempt.granted)],
        [t.refunded, ctx.tr.money(attempt.refunded)],
        [t.refundable, refundableFigure(standing)],
        [t.partialAuth, attempt.partialAuth ? (t.partialAuthKind[attempt.partialAuth] ?? attempt.partialAuth) : undefined],
        // Whatever the tranche's status: a grant refused for its card's network ends VOIDED, with its reason (D74, D81).
        [t.declineReason, attempt.declineCategory ? (t.declineCategory[attempt.declineCategory] ?? attempt.declineCategory) : undefined],
        [t.owedToPayer, attempt.owedToPayer],
      ]),
      refundDrawn(canRefund, trancheTarget) ? refundOpener(t.refundTranche, trancheTarget, attempt, pausedBy, !canRefund) : null,
      pausedBy ? pausedNote(pausedBy) : null,
      tableRegion(
        h('table', { class: 'operations' }, h('caption', { id: `operations-${attempt.attemptId}` }, t.trancheOperations(index + 1)), h('thead', {}, header), h('tbody', {}, ...attempt.transactions.map((tx) => transactionRow(tx, attempt, canRefund, pausedBy)))),
      ),
    );
  };

  const render = (session: SessionJson, chargebacks: ChargebacksAnswer): void => {
    shown = session;
    const ended = TERMINAL.has(session.status);
    const refundable = { amount: session.attempts.reduce((sum, a) => sum + refundStanding(a).refundable.amount, 0), currency: session.total.currency };
    const paused = refundsPending(session);
    const wholePausedBy = paused ? 'refunds-paused' : undefined;
    const before = new Set(session.attempts.flatMap((a) => [...refundIdsOf(a)]));
    openers.beginDrawing();
    replaceChildren(
      body,
      h('h1', { id: 'session-title', tabindex: '-1' }, t.paymentTitle(session.orderId)),
      facts([
        [t.status, h('span', { class: `status status-${session.status.toLowerCase()}` }, t.sessionStatus[session.status] ?? session.status)],
        [t.total, ctx.tr.money(session.total)],
        [t.captured, ctx.tr.money(session.captured)],
        [t.createdAt, ctx.tr.dateTime(session.createdAt)],
        [t.expiresAt, ctx.tr.dateTime(session.expiresAt)],
      ]),
      ...(ended && refundable.amount > 0
        ? [
            openers.opener(SESSION_KEY, t.refundSession, { refundable, ...(wholePausedBy ? { pausedBy: wholePausedBy } : {}) }, (close) =>
              sessionRefundConfirm(ctx, session.sessionId, refundable, refunded(SESSION_KEY, 'session-title', before), unclear(SESSION_KEY, 'session-title'), wholeRefused, close),
            ),
            wholePausedBy ? pausedNote(wholePausedBy) : null,
          ]
        : []),
      notificationSection(ctx, session, chargebacks, (sent) => {
        replayed = replayedTogether(replayed, sent);
        void load('notification-title');
      }),
      h(
        'section',
        { class: 'tranches', 'aria-labelledby': 'tranches-title' },
        h('h2', { id: 'tranches-title', tabindex: '-1' }, t.tranches),
        ...(session.attempts.length === 0 ? [h('p', {}, t.noTranches)] : session.attempts.map((a, i) => attemptArticle(a, i, ended, paused))),
      ),
      chargebacksSection(ctx, session, chargebacks),
    );
    openers.endDrawing();
  };

  /**
   * What this view sent again: it is read again, as a pending refund is, until the ending it sent is
   * delivered or abandoned (D129-e) and no chargeback message it sent is still being tried (D148-d).
   * Only those: an owed notification no one asked about (a chargeback's first tries) would have the
   * page read again for as long as its retries last.
   */
  let replayed: Replayed | undefined;
  const awaited = (session: SessionJson, chargebacks: ChargebacksAnswer): boolean => {
    if (replayed && !replayOwed(replayed, session.notification, chargebacks.ok ? chargebacks.body.chargebacks : [])) replayed = undefined;
    return refundsPending(session) || replayed !== undefined;
  };

  /** How many reads were asked: only the last one asked draws (D72). */
  let reads = 0;
  /** The payment as last drawn (D121-a). */
  let drawn: string | undefined;
  /** The last read answered: a re-read never overtakes a read an action asked (it would drop its focus). */
  let answered = 0;

  /**
   * While a refund is pending the refund controls are disabled, and nothing else would tell the page
   * its verdict landed: it is read again until none is pending or the view is left. A re-read that
   * finds the payment as drawn draws nothing, so focus stays where it is.
   */
  const reread = new PendingReread({ shown: () => section.isConnected, readOwed: () => answered < reads, reread: () => void load(undefined, true) });

  /**
   * Reads the payment and draws it; `focusId` names the heading focus goes to once drawn. A read
   * answered after a later one was asked draws nothing: a replay pressed while the refund's read was
   * in flight was drawn, then the refund's read, answered last, drew the payment as it stood before.
   * Resolves with the payment it drew, if it drew one.
   */
  async function load(focusId?: string, background = false): Promise<SessionJson | undefined> {
    const read = ++reads;
    if (!background) body.setAttribute('aria-busy', 'true');
    const [answer, chargebacks] = await Promise.all([ctx.api.session(sessionId), ctx.api.chargebacks(sessionId)]);
    answered = Math.max(answered, read);
    if (read !== reads) return undefined;
    body.setAttribute('aria-busy', 'false');
    const seen = JSON.stringify([answer, chargebacks]);
    if (background && (!answer.ok || seen === drawn)) {
      // Unchanged, or not read this time (the network): the page stays as drawn, and asks again later.
      reread.later();
      return answer.ok ? answer.body : undefined;
    }
    reread.stop();
    if (answer.ok && awaited(answer.body, chargebacks)) reread.later();
    drawn = seen;
    lastRead = { answer, chargebacks };
    // A background redraw replaces what focus was on: it goes back to the same control (D136-b).
    const place = background ? focusPlace(body) : undefined;
    draw(answer, chargebacks);
    if (focusId !== undefined) (document.getElementById(answer.ok ? focusId : 'session-error') ?? document.getElementById('session-title'))?.focus();
    else if (place) restoreFocus(body, place, answer.ok ? 'session-title' : 'session-error');
    return answer.ok ? answer.body : undefined;
  }
  /** The payment as last read, drawn again in another language. */
  let lastRead: { readonly answer: ApiResult<SessionJson>; readonly chargebacks: ChargebacksAnswer } | undefined;

  function draw(answer: ApiResult<SessionJson>, chargebacks: ChargebacksAnswer): void {
    if (answer.ok) render(answer.body, chargebacks);
    else {
      openers.forget();
      replaceChildren(body, h('p', { class: 'error', role: 'alert', tabindex: '-1', id: 'session-error' }, refusalWords(ctx, answer.code)));
    }
  }

  const retranslate = (): void => {
    ({ t } = ctx.tr);
    backLink.textContent = back.kind === 'operations' ? t.backToOperations : t.backToPayments;
    sayNotice(noticeWords);
    // Still reading: its answer is drawn in the new language.
    if (!lastRead) {
      replaceChildren(body, h('p', {}, t.loading));
      return;
    }
    const place = focusPlace(body);
    draw(lastRead.answer, lastRead.chargebacks);
    if (place) restoreFocus(body, place, lastRead.answer.ok ? 'session-title' : 'session-error');
  };

  void load();
  return { element: section, retranslate };
}
