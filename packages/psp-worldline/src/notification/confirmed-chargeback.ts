import type { Logger, PspFact } from '@splitpay/domain';
import type { WorldlineCalls } from '../client/worldline.client';
import { chargebackDay, operationChargebackDay, type ChargebackDay } from '../mapping/chargeback-date';
import { chargebackOperations, operationAmount, type WorldlineOperation } from '../mapping/chargeback-operations';
import { unnamedHostedOpening } from '../mapping/follow-up-ref';
import { takenAmount } from '../mapping/taken-amount';
import { CHARGEBACK_STATUSES, type WorldlineEvent } from '../mapping/webhook-event';
import { openingId, openingRef, readPayment } from '../mapping/worldline-payment';
import type { WorldlineSettings } from '../settings/worldline.settings';

/**
 * Lookup answers that say nothing of the payment but will change: throttling, and our own API key
 * refused (rotated or wrong; the event's signature already proved it genuine). Like no answer, they
 * must not be acknowledged, or Worldline never delivers the event again.
 */
const ANSWERED_LATER = [401, 403, 429];

type ChargebackFact = Extract<PspFact, { kind: 'chargeback' }>;

/** Where the chargebacks of one payment are filed: as our opening recorded it. */
interface Filing {
  readonly providerRef: string;
  readonly transactionId?: string;
}

/**
 * The chargebacks a chargeback event stands for, once Worldline's `GET /payments/{id}/details` says so:
 * one per operation of the payment in a chargeback status, each named by that operation's id (the
 * same whichever event of the dispute asked, and on every delivery), so two disputes of one payment
 * the same day for the same amount are two (D141). An answer listing no such operation while the
 * payment is CHARGEBACKED: one chargeback named by the payment and the day of its status (D124),
 * logged `worldline.chargeback_without_operation`.
 * `no-answer` when the lookup got none worth keeping (no HTTP answer, a 5xx, a 429, a 401 or 403): the
 * event must not be acknowledged, so that Worldline delivers it again. Nothing for any other answer (no
 * chargeback yet, a 404): the event is acknowledged and not delivered again (D77).
 */
export async function confirmedChargebacks(event: WorldlineEvent, settings: WorldlineSettings, client: WorldlineCalls, logger: Logger): Promise<PspFact[] | 'no-answer'> {
  const payment = event.payment;
  if (!payment) return [];
  const paymentId = openingId(payment.id);
  const result = await client.get(settings, `/payments/${encodeURIComponent(paymentId)}/details`);
  if (result.kind !== 'answer' || result.status >= 500 || ANSWERED_LATER.includes(result.status)) return 'no-answer';
  // The status only: an error body may quote the payment.
  if (result.status !== 200) logger.warn('worldline.chargeback_lookup_refused', { status: result.status });
  const status = result.status === 200 ? readPayment(result.body) : undefined;
  if (!status) return [];
  // Named as our opening recorded it: a hosted checkout's payment under the hosted checkout's id; when
  // neither the event nor the status names it, by our opening's transaction id (its merchantReference).
  const hosted = [status, payment].map(openingRef).find((ref) => ref !== paymentId);
  const ours = hosted ? undefined : (unnamedHostedOpening(status) ?? unnamedHostedOpening(payment));
  const filing: Filing = { providerRef: hosted ?? paymentId, ...(ours ? { transactionId: ours } : {}) };
  // What the payment took (a partial ANCV payment's collected part), as the status says, else the event.
  const taken = takenAmount(status) ?? takenAmount(payment);
  const disputes = chargebackOperations(result.body);
  if (disputes.length > 0) {
    return disputes.flatMap((operation) => {
      const amount = operationAmount(operation) ?? taken;
      if (!amount) return [];
      const date = dayOf(operationChargebackDay(event, status, operation, disputes.length === 1), filing, logger, operation);
      return [{ ...fact(filing, operation.status, amount, date), disputeRef: operation.id }];
    });
  }
  if (!CHARGEBACK_STATUSES.includes(status.status) || !taken) return [];
  const date = dayOf(chargebackDay(event, status), filing, logger);
  // Named by the payment and the day alone: two disputes of the same amount that day would share one id.
  logger.warn('worldline.chargeback_without_operation', { providerRef: filing.providerRef, date });
  return [fact(filing, status.status, taken, date)];
}

/** `stage`: Worldline's status of the debit, the dispute's stage as the merchant is told it. */
const fact = (filing: Filing, stage: string, amount: ChargebackFact['amount'], date: string): ChargebackFact => ({
  kind: 'chargeback',
  ...filing,
  type: 'chargeback',
  amount,
  status: stage,
  date,
});

/** The day Worldline wrote, else the day it is read (D77), each fallback logged with no body. */
function dayOf(written: ChargebackDay | undefined, filing: Filing, logger: Logger, operation?: WorldlineOperation): string {
  const date = written?.day ?? new Date().toISOString().slice(0, 10);
  const named = { providerRef: filing.providerRef, ...(operation ? { disputeRef: operation.id } : {}) };
  // The day it is read only when Worldline wrote no date at all: then a delivery on another day is a second chargeback (D77).
  if (written === undefined) logger.warn('psp.chargeback_dated_on_reading', { provider: 'worldline', ...named, date });
  // Dated by one event alone: another event of the same dispute, created on another day, is a second chargeback (D124).
  if (written?.by === 'event') logger.warn('worldline.chargeback_dated_by_event', { ...named, date });
  return date;
}
