import type { OperationRef, PspFact } from '@splitpay/domain';
import type { NotificationResult, PaymentStatus, WireAmount } from '../protocol/fake-psp.protocol';
import { authorizationFact } from '../mapping/authorization-facts';
import type { CallResult } from './fake-psp.client';

/** What a payment status says of its authorization verdict; undefined while none is in. */
function resultOf(status: PaymentStatus, authorized: boolean): NotificationResult | undefined {
  switch (status) {
    case 'authorized':
    case 'captured':
      return 'authorized';
    case 'voided':
      // Voided after a grant: the grant stands as the verdict; voided before any verdict: none.
      return authorized ? 'authorized' : undefined;
    case 'declined':
      return 'declined';
    case 'cancelled':
      return 'cancelled';
    case 'lender-studying':
      return 'pending';
    case 'received':
    case 'challenge':
    case 'awaiting-payer':
    case 'awaiting-token':
      return undefined;
  }
}

function amount(value: unknown): WireAmount | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { value: v, currency } = value as Record<string, unknown>;
  return typeof v === 'number' && typeof currency === 'string' ? { value: v, currency } : undefined;
}

/**
 * The facts a status lookup establishes (authoritative). A payment the PSP never received is
 * declined: nothing was, or ever will be, authorized under that reference.
 */
export function lookupFacts(result: CallResult, target: OperationRef): PspFact[] {
  if (result.kind !== 'answer') return [];
  if (result.status === 404) {
    return [{ kind: 'declined', ref: target, statusCode: 'not-found', statusMessage: 'the PSP holds no payment under this reference' }];
  }
  if (result.status !== 200) return [];
  const body = result.body;
  if (typeof body.ref !== 'string' || typeof body.status !== 'string') return [];
  const granted = amount(body.authorizedAmount);
  const verdict = resultOf(body.status as PaymentStatus, granted !== undefined);
  if (!verdict) return [];
  try {
    const card = typeof body.card === 'object' && body.card !== null ? (body.card as Record<string, unknown>) : undefined;
    const fact = authorizationFact({
      result: verdict,
      ref: body.ref,
      ...(typeof body.reference === 'string' ? { reference: body.reference } : {}),
      ...(granted ? { granted } : {}),
      partial: body.partial,
      declineReason: body.declineReason,
      ...(typeof body.resultCode === 'string' ? { code: body.resultCode } : {}),
      ...(typeof body.resultMessage === 'string' ? { message: body.resultMessage } : {}),
      ...(card ? { card: { brand: card.brand, alias: card.alias } } : {}),
    });
    return fact ? [fact] : [];
  } catch {
    return [];
  }
}
