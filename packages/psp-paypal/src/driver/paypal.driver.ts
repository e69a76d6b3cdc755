import {
  cutText,
  type DriverAck,
  type DriverCall,
  type FollowUpInput,
  type FollowUpLookupInput,
  type LookupInput,
  type OpenInput,
  type OpenOutput,
  type OperationOutput,
  type OperationRef,
  type PspDriver,
  type ReturnInput,
} from '@splitpay/domain';
import { ackOf } from '../api/paypal-ack';
import type { PayPalClient } from '../api/paypal.client';
import { readIssue } from '../api/paypal-error';
import { readOrder } from '../api/paypal-order';
import { toPayPalAmount } from '../api/paypal-amount';
import { readPayPalContract, type PayPalContract } from '../settings/paypal-settings';
import { PAYPAL_CAPABILITIES } from './capabilities';
import { PayPalFollowUpLookup } from './follow-up-lookup';
import { PayPalFollowUps } from './follow-ups';
import { OrderCompletion } from './order-completion';
import { orderRequest } from './paypal-requests';
import { isCancelReturn } from './return-url';

/** PayPal's soft_descriptor holds at most 22 characters. */
const SOFT_DESCRIPTOR_MAX = 22;

/**
 * Method `paypal` on provider `paypal`, over Orders v2 and Payments v2. Open creates an AUTHORIZE
 * order and sends the payer to PayPal; the return (or an overdue lookup) authorizes the approved
 * order; capture, void and refund work on the order's authorization and its capture, and one PayPal
 * answered PENDING is looked up later (`lookupFollowUp`). Every call
 * that creates or moves money carries our transaction id as PayPal-Request-Id.
 */
export class PayPalDriver implements PspDriver {
  readonly provider = 'paypal';
  readonly method = 'paypal' as const;
  readonly capabilities = PAYPAL_CAPABILITIES;
  private readonly orders: OrderCompletion;
  private readonly followUps: PayPalFollowUps;
  private readonly followUpLookup: PayPalFollowUpLookup;

  constructor(private readonly client: PayPalClient) {
    this.orders = new OrderCompletion(client);
    this.followUps = new PayPalFollowUps(client);
    this.followUpLookup = new PayPalFollowUpLookup(client);
  }

  async open(input: OpenInput): Promise<OpenOutput> {
    const contract = readPayPalContract(input.settings);
    if ('problem' in contract) return refusedOpen('CONTRACT_SETTINGS', `The PayPal contract cannot be used: ${contract.problem}`);
    const amount = toPayPalAmount(input.amount);
    if (!amount) return refusedOpen('UNSUPPORTED_AMOUNT', `PayPal takes no fraction of a unit in ${input.amount.currency}`);
    const descriptor = input.order.statementDescriptor === undefined ? undefined : cutText(input.order.statementDescriptor, SOFT_DESCRIPTOR_MAX);
    const answer = await this.client.call(contract, {
      method: 'POST',
      path: '/v2/checkout/orders',
      requestId: input.transactionId,
      prefer: 'return=minimal',
      body: orderRequest(input, amount, descriptor),
    });
    if (answer.kind === 'credentials') return refusedOpen('AUTHENTICATION_FAILURE', answer.message, answer.status);
    const ack = ackOf(answer);
    // Nothing was created: the payer may pay otherwise at once instead of waiting for a lookup.
    if (ack.httpStatus === 401 || ack.httpStatus === 403) return refusedOpen(ack.code ?? 'AUTHENTICATION_FAILURE', ack.message ?? 'PayPal refused our credentials', ack.httpStatus);
    if (ack.outcome !== 'accepted' || answer.kind !== 'answer') {
      const reading = ack.outcome === 'rejected' ? readIssue(ack.code) : undefined;
      const category = reading?.kind === 'refusal' ? reading.category : undefined;
      return { ack: category ? { ...ack, category } : ack, facts: [] };
    }
    const order = readOrder(answer.body);
    if (!order?.approvalUrl) {
      return { ack: { ...ack, outcome: 'rejected', code: 'NO_APPROVAL_LINK', message: 'PayPal created the order without a link for the payer', category: 'method-unavailable' }, facts: [] };
    }
    return { ack: { ...ack, providerRef: order.id }, redirect: { kind: 'navigate', url: order.approvalUrl }, facts: [] };
  }

  /**
   * The payer is back from PayPal: through the return_url the approved order is authorized; through
   * the cancel_url the order is read, and one the payer did not approve is cancelled by the payer.
   */
  async completeReturn(input: ReturnInput): Promise<OperationOutput> {
    const ready = this.ready(input, input.target);
    if ('ack' in ready) return ready;
    const target = { orderId: ready.orderId, transactionId: input.target.transactionId ?? input.transactionId, amount: input.amount };
    if (!isCancelReturn(input.params)) return this.orders.authorize(ready.contract, target);
    const { awaitingPayer, ...settled } = await this.orders.settle(ready.contract, target);
    if (!awaitingPayer) return settled;
    return {
      ack: settled.ack,
      facts: [
        {
          kind: 'cancelled-by-payer',
          ref: { transactionId: target.transactionId, providerRef: target.orderId },
          providerRef: target.orderId,
          statusCode: 'PAYER_CANCELLED',
          statusMessage: 'the payer cancelled at PayPal',
        },
      ],
    };
  }

  /**
   * Where the order stands (authoritative). An order we never learnt the id of was never shown to a
   * payer (the opening call had no answer), so nothing will ever be authorized under it: declined.
   */
  async lookup(input: LookupInput): Promise<OperationOutput> {
    const ready = this.ready(input, input.target);
    if ('ack' in ready) {
      if (ready.ack.code !== 'NO_ORDER') return ready;
      const ref = { transactionId: input.target.transactionId ?? input.transactionId };
      return { ack: ready.ack, facts: [{ kind: 'declined', ref, statusCode: 'NO_ORDER', statusMessage: 'no PayPal order was ever named for this attempt' }] };
    }
    const { awaitingPayer: _, ...output } = await this.orders.settle(ready.contract, {
      orderId: ready.orderId,
      transactionId: input.target.transactionId ?? input.transactionId,
      amount: input.amount,
    });
    return output;
  }

  async capture(input: FollowUpInput): Promise<OperationOutput> {
    const contract = this.contract(input);
    return 'ack' in contract ? contract : this.followUps.capture(contract, input);
  }

  async void(input: FollowUpInput): Promise<OperationOutput> {
    const contract = this.contract(input);
    return 'ack' in contract ? contract : this.followUps.void(contract, input);
  }

  async refund(input: FollowUpInput): Promise<OperationOutput> {
    const contract = this.contract(input);
    return 'ack' in contract ? contract : this.followUps.refund(contract, input);
  }

  /** A capture or refund PayPal answered PENDING (under review, an eCheck...): where it stands now. */
  async lookupFollowUp(input: FollowUpLookupInput): Promise<OperationOutput> {
    const contract = this.contract(input);
    return 'ack' in contract ? contract : this.followUpLookup.lookUp(contract, input);
  }

  private contract(input: DriverCall): PayPalContract | OperationOutput {
    const contract = readPayPalContract(input.settings);
    if ('problem' in contract) return { ack: { outcome: 'unknown', code: 'CONTRACT_SETTINGS', message: `The PayPal contract cannot be used: ${contract.problem}` }, facts: [] };
    return contract;
  }

  private ready(input: DriverCall, target: OperationRef): { contract: PayPalContract; orderId: string } | OperationOutput {
    const contract = this.contract(input);
    if ('ack' in contract) return contract;
    if (!target.providerRef) return { ack: { outcome: 'unknown', code: 'NO_ORDER', message: 'No PayPal order is known for this attempt' }, facts: [] };
    return { contract, orderId: target.providerRef };
  }
}

/** The opening refused before or by PayPal: the attempt is declined, the payer may pay otherwise. */
function refusedOpen(code: string, message: string, httpStatus?: number): OpenOutput {
  const ack: DriverAck = { outcome: 'rejected', code, message, category: 'method-unavailable', ...(httpStatus !== undefined ? { httpStatus } : {}) };
  return { ack, facts: [] };
}
