import type { DriverAck, FollowUpLookupInput, OperationOutput, PspFact } from '@splitpay/domain';
import { ackOf } from '../client/worldline-ack';
import type { WorldlineResult } from '../client/worldline.client';
import { refundOutputOf } from '../mapping/refund-verdict';
import { openingId, readPayment, type WorldlinePayment } from '../mapping/worldline-payment';
import type { WorldlineSettings } from '../settings/worldline.settings';

/** The final statuses of a looked-up operation (true: done, false: refused); any other is still pending. */
const VERDICT_OF: Readonly<Record<FollowUpLookupInput['type'], Readonly<Record<string, boolean>>>> = {
  capture: { CAPTURED: true, REJECTED_CAPTURE: false },
  void: { CANCELLED: true },
  refund: { REFUNDED: true, REJECTED: false },
};
const FACT_OF = { capture: 'captured', void: 'voided', refund: 'refunded' } as const;

/** A capture in Worldline's list, with the operation reference our capture request sent. */
type Listed = WorldlinePayment & { readonly captureOutput?: { readonly operationReferences?: { readonly merchantReference?: string } } };

export type WorldlineGet = (settings: WorldlineSettings, path: string) => Promise<WorldlineResult>;

/**
 * Where a capture, void or refund Worldline took without its verdict (CAPTURE_REQUESTED,
 * REFUND_REQUESTED, a cancel not yet CANCELLED) stands: a capture in the payment's captures
 * (`GET /payments/{id}/captures`), a refund in its refunds (`GET /payments/{id}/refunds`), each found
 * by the id Worldline's answer gave or the operation reference our request sent (our transaction id);
 * a void in the payment's own status (`GET /payments/{id}`). Read only: any answer but 200, a list
 * without the operation, a status still requested is no verdict (the service looks again later).
 */
export async function lookUpFollowUp(get: WorldlineGet, settings: WorldlineSettings, paymentId: string, input: FollowUpLookupInput): Promise<OperationOutput> {
  const base = `/payments/${encodeURIComponent(openingId(paymentId))}`;
  if (input.type === 'void') {
    const result = await get(settings, base);
    const payment = result.kind === 'answer' && result.status === 200 ? readPayment(result.body) : undefined;
    return withVerdict(ackOf(result, payment?.id), input, payment);
  }
  const list = input.type === 'capture' ? 'captures' : 'refunds';
  const result = await get(settings, `${base}/${list}`);
  const items = result.kind === 'answer' && result.status === 200 && Array.isArray(result.body[list]) ? (result.body[list] as unknown[]) : [];
  const found = items.map(readPayment).find((item) => item !== undefined && names(item as Listed, input));
  return withVerdict(ackOf(result, found?.id), input, found);
}

/** Whether a listed capture or refund is our operation: by Worldline's id, else by the reference we sent. */
function names(item: Listed, input: FollowUpLookupInput): boolean {
  if (input.operation.providerRef) return item.id === input.operation.providerRef;
  const ours = input.type === 'capture' ? item.captureOutput?.operationReferences?.merchantReference : refundOutputOf(item)?.operationReferences?.merchantReference;
  return ours !== undefined && ours === input.operation.transactionId;
}

function withVerdict(ack: DriverAck, input: FollowUpLookupInput, operation: WorldlinePayment | undefined): OperationOutput {
  const verdict = operation ? VERDICT_OF[input.type][operation.status] : undefined;
  if (verdict === undefined || !operation) return { ack, facts: [] };
  // A void reads the payment itself, whose id is the opening's: the void keeps the reference it has.
  const providerRef = input.type === 'void' ? input.operation.providerRef : operation.id;
  const fact: PspFact = {
    kind: FACT_OF[input.type],
    success: verdict,
    ref: { transactionId: input.operation.transactionId ?? input.transactionId, ...(providerRef ? { providerRef } : {}) },
    ...(providerRef ? { providerRef } : {}),
    statusCode: String(operation.statusOutput?.statusCode ?? operation.status),
    ...(verdict ? {} : { statusMessage: `Worldline refused the ${input.type}` }),
  };
  return { ack, facts: [fact] };
}
