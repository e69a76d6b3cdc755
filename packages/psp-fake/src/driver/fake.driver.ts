import type {
  ConfirmInput,
  DriverAck,
  DriverCapabilities,
  FollowUpInput,
  LookupInput,
  MethodKind,
  OpenInput,
  OpenOutput,
  OperationOutput,
  OperationRef,
  PspDriver,
  PspFact,
} from '@splitpay/domain';
import type { CreatePaymentRequest, OperationRequest, WalletTokenRequest } from '../protocol/fake-psp.protocol';
import { declineCategory } from '../mapping/authorization-facts';
import { FAKE_CAPABILITIES } from './capabilities';
import { ackOf, type CallResult, type FakePspCalls, type FakePspClient } from './fake-psp.client';
import { lookupFacts } from './lookup-facts';
import { readCardInput, readWalletToken } from './payer-input';

export interface FakeDriverDeps {
  readonly method: MethodKind;
  readonly client: FakePspClient;
}

type FollowUp = 'captures' | 'voids' | 'refunds';
const FOLLOW_UP_FACT = { captures: 'captured', voids: 'voided', refunds: 'refunded' } as const;

function rejectedInput(message: string, category?: DriverAck['category']): OperationOutput {
  return { ack: { outcome: 'rejected', code: 'invalid-request', message, ...(category ? { category } : {}) }, facts: [] };
}

/**
 * One method on the fake provider, over the fake PSP's HTTP API. Every money-moving call carries our
 * transaction id as its Idempotency-Key; verdicts come back by notification.
 */
export class FakeDriver implements PspDriver {
  readonly provider = 'fake';
  readonly method: MethodKind;
  readonly capabilities: DriverCapabilities;

  constructor(private readonly deps: FakeDriverDeps) {
    this.method = deps.method;
    this.capabilities = FAKE_CAPABILITIES[deps.method];
  }

  async open(input: OpenInput): Promise<OpenOutput> {
    let card: CreatePaymentRequest['card'];
    if (this.method === 'card') {
      card = readCardInput(input.payerInput);
      if (!card) return rejectedInput('the card form input is missing or malformed', 'invalid-card-data');
    }
    const request: CreatePaymentRequest = {
      method: this.method,
      amount: { value: input.amount.amount, currency: input.amount.currency },
      reference: input.transactionId,
      orderReference: input.reference,
      notificationUrl: input.notificationUrl,
      returnUrl: input.returnUrl,
      ...(card ? { card } : {}),
      ...(input.registerAlias ? { registerAlias: true } : {}),
      ...(this.method === 'card' ? { allowPartialAuthorization: input.offer.partialAuth === true } : {}),
      ...(input.plan ? { plan: { installments: input.plan.installments, withFees: input.plan.withFees } } : {}),
    };
    const result = await this.deps.client.post('/payments', request, input.transactionId);
    const ack = ackOf(result);
    if (result.kind === 'transport') return { ack, facts: [] };
    const redirectUrl = typeof result.body.redirectUrl === 'string' ? result.body.redirectUrl : undefined;
    return {
      ack: ack.outcome === 'rejected' && declineCategory(result.body.error) ? { ...ack, category: declineCategory(result.body.error) } : ack,
      ...(ack.outcome === 'accepted' && redirectUrl ? { redirect: { kind: 'navigate', url: redirectUrl } } : {}),
      facts: this.refusalFacts(result, input.transactionId),
    };
  }

  async confirm(input: ConfirmInput): Promise<OperationOutput> {
    const paymentToken = readWalletToken(input.payerInput);
    if (!paymentToken) return rejectedInput('the wallet payment token is missing');
    const calls = this.deps.client.operation();
    const ref = await this.paymentRef(calls, { transactionId: input.transactionId, ...(input.providerRef ? { providerRef: input.providerRef } : {}) });
    if (typeof ref !== 'string') return { ack: ackOf(ref), facts: [] };
    const body: WalletTokenRequest = { paymentToken };
    const result = await calls.post(`/payments/${encodeURIComponent(ref)}/wallet-token`, body, input.transactionId);
    return { ack: ackOf(result), facts: [] };
  }

  capture(input: FollowUpInput): Promise<OperationOutput> {
    return this.followUp('captures', input);
  }

  void(input: FollowUpInput): Promise<OperationOutput> {
    return this.followUp('voids', input);
  }

  refund(input: FollowUpInput): Promise<OperationOutput> {
    return this.followUp('refunds', input);
  }

  async lookup(input: LookupInput): Promise<OperationOutput> {
    const result = input.target.providerRef
      ? await this.deps.client.get(`/payments/${encodeURIComponent(input.target.providerRef)}`)
      : await this.deps.client.get('/payments', { reference: input.target.transactionId ?? input.transactionId });
    return { ack: ackOf(result), facts: lookupFacts(result, input.target) };
  }

  /** The fake PSP's ref of the payment: the one we hold, else found by our reference. */
  private async paymentRef(calls: FakePspCalls, target: OperationRef): Promise<string | CallResult> {
    if (target.providerRef) return target.providerRef;
    const result = await calls.get('/payments', { reference: target.transactionId ?? '' });
    if (result.kind === 'answer' && result.status === 200 && typeof result.body.ref === 'string') return result.body.ref;
    return result;
  }

  private async followUp(kind: FollowUp, input: FollowUpInput): Promise<OperationOutput> {
    // The search for the payment and the operation share the operation's one timeout.
    const calls = this.deps.client.operation();
    const ref = await this.paymentRef(calls, input.target);
    if (typeof ref !== 'string') {
      const ack = ackOf(ref);
      return { ack, facts: ref.kind === 'answer' && ref.status === 404 ? [this.failedFollowUp(kind, input, ack)] : [] };
    }
    const body: OperationRequest = {
      reference: input.transactionId,
      ...(kind === 'voids' ? {} : { amount: { value: input.amount.amount, currency: input.amount.currency } }),
    };
    const result = await calls.post(`/payments/${encodeURIComponent(ref)}/${kind}`, body, input.transactionId);
    const ack = ackOf(result);
    // A refusal of the operation itself (422, 404) is final: told as a failed verdict, never retried.
    const final = result.kind === 'answer' && (result.status === 422 || result.status === 404);
    return { ack, facts: final ? [this.failedFollowUp(kind, input, ack)] : [] };
  }

  private failedFollowUp(kind: FollowUp, input: FollowUpInput, ack: DriverAck): PspFact {
    return {
      kind: FOLLOW_UP_FACT[kind],
      success: false,
      ref: { transactionId: input.transactionId },
      ...(ack.code ? { statusCode: ack.code } : {}),
      ...(ack.message ? { statusMessage: ack.message } : {}),
    };
  }

  /** A card refused at the door (422 with a reason) is a verdict: declined, with its category. */
  private refusalFacts(result: CallResult, transactionId: string): PspFact[] {
    if (result.kind !== 'answer' || result.status !== 422) return [];
    const category = declineCategory(result.body.error);
    if (!category) return [];
    const providerRef = typeof result.body.ref === 'string' ? result.body.ref : undefined;
    const message = typeof result.body.message === 'string' ? result.body.message : undefined;
    const code = typeof result.body.code === 'string' ? result.body.code : category;
    return [
      {
        kind: 'declined',
        ref: { transactionId, ...(providerRef ? { providerRef } : {}) },
        ...(providerRef ? { providerRef } : {}),
        category,
        statusCode: code,
        ...(message ? { statusMessage: message } : {}),
      },
    ];
  }
}
