import { randomUUID } from 'node:crypto';
import { minorUnitsOf, type LookupInput, type Money, type MethodKind, type OperationRef, type OperationOutput, type PspDriver, type PspFact, type PspProvider } from '@splitpay/domain';
import { fakeKitTarget } from '@splitpay/psp-fake/src/testing/fake.kit-target';
import { signBody } from '@splitpay/psp-fake';
import { deadlineCheckName } from './checks/deadline.checks';
import { notNowFollowUpCheckName, notNowOpeningCheckName } from './checks/not-now.checks';
import type { PspKitTarget } from './kit-target';
import { brokenFake, outcome, type Break, type DepsBreak } from './testing/broken-fake';

/** A test of the kit itself: psp-fake's drivers, each broken in one way, fail the check that is about it. */

/** A driver that gives a call the PSP did not answer another go, with a fresh timeout, up to three tries. */
const retriesHungCalls: Break = (d) => {
  const retried =
    <I>(call: (input: I) => Promise<OperationOutput>) =>
    async (input: I): Promise<OperationOutput> => {
      for (let tries = 1; ; tries += 1) {
        const output = await call(input);
        if (tries === 3 || output.ack.outcome !== 'unknown' || output.ack.httpStatus !== undefined) return output;
      }
    };
  return { open: retried(d.open.bind(d)) as PspDriver['open'], capture: retried(d.capture.bind(d)), refund: retried(d.refund.bind(d)), void: retried(d.void.bind(d)) };
};

/** Three status reads of the opening, each with a fresh timeout: the time a driver spends on calls before (or instead of) its own. */
async function readsThrice(d: PspDriver, input: LookupInput): Promise<OperationOutput> {
  const lookup = d.lookup?.bind(d) ?? fail;
  let output = await lookup(input);
  for (let read = 2; read <= 3 && output.ack.outcome === 'unknown'; read += 1) output = await lookup(input);
  return output;
}

/** A driver that reads the opening's status twice, each read with a fresh timeout, before it captures. */
const readsBeforeCapture: Break = (d) => ({
  capture: async (input) => {
    const lookup = d.lookup?.bind(d) ?? fail;
    const opening = { ...input, target: input.opening ?? input.target };
    await lookup(opening);
    await lookup(opening);
    return d.capture(input);
  },
});

/** A driver that reads the opening's status twice after a capture without an answer, each read with a fresh timeout. */
const readsAfterUnansweredCapture: Break = (d) => ({
  capture: async (input) => {
    const output = await d.capture(input);
    if (output.ack.outcome !== 'unknown') return output;
    await readsThrice(d, { ...input, target: input.opening ?? input.target });
    return output;
  },
});

/** A driver that finishes the payer's return by reading the opening's status until it answers, each read with a fresh timeout. */
const returnReadsUntilAnswered: Break = (d) => ({ completeReturn: (input) => readsThrice(d, input) });

/** A driver that looks a follow-up up by reading its payment's status until it answers, each read with a fresh timeout. */
const followUpQueryReadsUntilAnswered: Break = (d) => ({
  capabilities: { ...d.capabilities, followUpLookup: true },
  lookupFollowUp: (input) => readsThrice(d, { ...input, target: input.opening }),
});

/** A driver that reads "not now" (a 429) as the PSP refusing the call: a failed capture, or a declined opening. */
const notNowAsRefusal = (output: OperationOutput, status: number, refusal?: PspFact): OperationOutput =>
  output.ack.httpStatus === status ? { ack: { ...output.ack, outcome: 'rejected' }, facts: refusal ? [refusal] : [] } : output;

/** A driver that reads "not now" as the PSP taking the call (an accepted ack, the verdict to come). */
const notNowAsAccepted = (output: OperationOutput, status: number): OperationOutput => (output.ack.httpStatus === status ? { ack: { outcome: 'accepted' }, facts: [] } : output);

const mapFacts = (output: OperationOutput, change: (fact: PspFact) => PspFact): OperationOutput => ({ ...output, facts: output.facts.map(change) });

const faultCheck = (fault: string) => `${fault} to each follow-up (capture, refund, void) -> an unknown ack, and the retry carries the same idempotency key`;
const RESET_CHECK = faultCheck('a connection reset');
const TIMEOUT_CHECK = faultCheck('a timeout');
const FIVE_HUNDRED_CHECK = faultCheck('a 5xx answer');
const currencyCheck = (code: 'JPY' | 'KWD') =>
  `amounts in ${code} (${minorUnitsOf(code)} decimals): authorized, captured and refunded as asked, on the wire too (unless the driver's currencies leave ${code} out)`;
const FORGERY_CHECK = 'a forged or unsigned notification of each kind (opening, capture, refund, void, dispute) -> rejected, no facts, body not logged';

/** A driver that takes every currency for one with cents: it writes the amount in hundredths of its major unit. */
const hundredths: Break = (d) => {
  const asCents = <T extends { amount: Money }>(input: T): T => ({ ...input, amount: { ...input.amount, amount: Math.round((input.amount.amount / 10 ** minorUnitsOf(input.amount.currency)) * 100) } });
  return { open: (input) => d.open(asCents(input)), capture: (input) => d.capture(asCents(input)), refund: (input) => d.refund(asCents(input)) };
};

const cases: [string, MethodKind, string, Break, ((provider: PspProvider) => PspProvider['parseNotification'])?][] = [
  [
    'reports a partial grant as a grant in full',
    'card',
    'partial grant (when the driver declares partial authorization)',
    (d) => ({
      open: async (input) => d.open(input),
    }),
    (provider) => async (notification, context) => {
      const parsed = await provider.parseNotification(notification, context);
      return parsed.kind === 'accepted' ? { ...parsed, facts: parsed.facts.map((f) => (f.kind === 'authorized' ? { ...f, granted: { amount: 10_000, currency: f.granted.currency } } : f)) } : parsed;
    },
  ],
  [
    'maps every refusal to bank-refusal',
    'card',
    'open -> declined, insufficient-funds',
    (d) => ({ open: async (input) => d.open(input) }),
    (provider) => async (notification, context) => {
      const parsed = await provider.parseNotification(notification, context);
      return parsed.kind === 'accepted' ? { ...parsed, facts: parsed.facts.map((f) => (f.kind === 'declined' ? { ...f, category: 'bank-refusal' as const } : f)) } : parsed;
    },
  ],
  [
    'accepts notifications without checking their signature',
    'card',
    FORGERY_CHECK,
    () => ({}),
    (provider) => (notification, context) =>
      provider.parseNotification({ ...notification, headers: { ...notification.headers, 'x-fake-psp-signature': signBody(notification.rawBody, 'kit-fake-signing-secret-0123456789') } }, context),
  ],
  [
    'registers the card but drops its alias',
    'card',
    'card alias registration (when the driver declares it) -> the authorized fact names the alias',
    () => ({}),
    (provider) => async (notification, context) => {
      const parsed = await provider.parseNotification(notification, context);
      return parsed.kind === 'accepted' ? { ...parsed, facts: parsed.facts.map((f) => (f.kind === 'authorized' ? { ...f, cardAlias: undefined } : f)) } : parsed;
    },
  ],
  [
    'names a card scheme the service does not know',
    'card',
    'open -> authorized in full',
    () => ({}),
    (provider) => async (notification, context) => {
      const parsed = await provider.parseNotification(notification, context);
      return parsed.kind === 'accepted' ? { ...parsed, facts: parsed.facts.map((f) => (f.kind === 'authorized' ? { ...f, cardScheme: 'VISA' as never } : f)) } : parsed;
    },
  ],
  [
    'ignores dispute notifications',
    'card',
    "a dispute -> a chargeback fact on the money it took, with the dispute's fields (when the target reads disputes)",
    () => ({}),
    (provider) => async (notification, context) => {
      const parsed = await provider.parseNotification(notification, context);
      return parsed.kind === 'accepted' ? { ...parsed, facts: parsed.facts.filter((f) => f.kind !== 'chargeback') } : parsed;
    },
  ],
  [
    "drops the dispute's reason code",
    'card',
    "a dispute -> a chargeback fact on the money it took, with the dispute's fields (when the target reads disputes)",
    () => ({}),
    (provider) => async (notification, context) => {
      const parsed = await provider.parseNotification(notification, context);
      return parsed.kind === 'accepted' ? { ...parsed, facts: parsed.facts.map((f) => (f.kind === 'chargeback' ? { ...f, reasonCode: undefined } : f)) } : parsed;
    },
  ],
  ['sends a new idempotency key on each retry', 'card', RESET_CHECK, (d) => ({ capture: (input) => d.capture({ ...input, transactionId: randomUUID() as never }) })],
  [
    'calls a transport fault a refusal',
    'card',
    TIMEOUT_CHECK,
    (d) => ({ capture: async (input) => mapAck(await d.capture(input)) }),
  ],
  [
    'logs the card number',
    'card',
    'no secret, card data or wallet token in any log line or answer',
    (d, logger) => ({
      open: async (input) => {
        logger.info('driver.open', { input: input.payerInput });
        return d.open(input);
      },
    }),
  ],
  ['tells a refused refund as a refund', 'card', 'refund refused -> a failed refund', (d) => ({ refund: async (input) => mapFacts(await d.refund(input), (f) => (f.kind === 'refunded' ? { ...f, success: true } : f)) })],
  ['loses the redirect of a 3-D Secure challenge', 'card', 'redirect and return (a redirect method, or a 3-D Secure card)', (d) => ({ open: async (input) => ({ ...(await d.open(input)), redirect: undefined }) })],
  ['loses the redirect of a wallet', 'paypal', 'open -> authorized in full', (d) => ({ open: async (input) => ({ ...(await d.open(input)), redirect: undefined }) })],
  [
    'declares currencies that leave out the one its checks pay in',
    'wero',
    'the currencies it takes (when it declares some) are assigned ISO 4217 codes, the one the kit pays in among them',
    (d) => ({ capabilities: { ...d.capabilities, currencies: ['USD'] } }),
  ],
  [
    'declares a currency that is no ISO 4217 code',
    'wero',
    'the currencies it takes (when it declares some) are assigned ISO 4217 codes, the one the kit pays in among them',
    (d) => ({ capabilities: { ...d.capabilities, currencies: ['EUR', 'EURO'] } }),
  ],
  [
    'keys every follow-up by the opening (not by its own transaction id)',
    'card',
    RESET_CHECK,
    (d) => ({ capture: (input) => d.capture({ ...input, transactionId: (input.opening?.transactionId ?? input.transactionId) as never }) }),
  ],
  ['reads a 5xx answer to a capture as a success', 'card', FIVE_HUNDRED_CHECK, (d) => ({ capture: async (input) => fiveHundredAs(await d.capture(input), 'accepted', input.transactionId) })],
  ['reads a 5xx answer to a capture as a refusal', 'card', FIVE_HUNDRED_CHECK, (d) => ({ capture: async (input) => fiveHundredAs(await d.capture(input), 'rejected') })],
  ['reads a 5xx answer to a capture as a fault without its status', 'card', FIVE_HUNDRED_CHECK, (d) => ({ capture: async (input) => fiveHundredAs(await d.capture(input), 'unknown') })],
  [
    'reads a 5xx answer to a status lookup as a refusal',
    'card',
    'a 5xx answer to a status lookup (when declared) -> an unknown ack, no verdict',
    (d) => ({ lookup: async (input) => fiveHundredAs(await (d.lookup ?? fail)(input), 'rejected') }),
  ],
  [
    'reads a reset of its status lookup as a refusal',
    'card',
    'a connection reset to a status lookup (when declared) -> an unknown ack, no verdict',
    (d) => ({ lookup: async (input) => mapAck(await (d.lookup ?? fail)(input)) }),
  ],
  [
    'reads a timeout of its status lookup as a refusal',
    'card',
    'a timeout to a status lookup (when declared) -> an unknown ack, no verdict',
    (d) => ({ lookup: async (input) => mapAck(await (d.lookup ?? fail)(input)) }),
  ],
  [
    'reads the granted amount in the wrong unit (more than asked)',
    'card',
    'open -> authorized in full',
    () => ({}),
    (provider) => async (notification, context) => {
      const parsed = await provider.parseNotification(notification, context);
      return parsed.kind === 'accepted' ? { ...parsed, facts: parsed.facts.map((f) => (f.kind === 'authorized' ? { ...f, granted: { ...f.granted, amount: f.granted.amount * 100 } } : f)) } : parsed;
    },
  ],
  [
    'refunds the whole payment whatever slice is asked',
    'card',
    'refund of a slice -> refunded (when the driver declares partial refunds)',
    (d) => ({ refund: (input) => d.refund({ ...input, amount: { ...input.amount, amount: 10_000 } }) }),
  ],
  ['sends its captures in major units', 'card', 'capture -> captured', (d) => ({ capture: (input) => d.capture({ ...input, amount: { ...input.amount, amount: input.amount.amount / 100 } }) })],
  [
    'offers its card as hosted fields without giving them',
    'card',
    'a card the components show as hosted fields (acquirer-hosted, the default) gives its hostedFields under the contract',
    (d) => ({ capabilities: { ...d.capabilities, cardIntegration: undefined } }),
  ],
  [
    "finds the webhook key by the payment's reference, whatever operation its facts name",
    'card',
    "a notification's facts name the operations whose contracts verified it (the opening's, a follow-up's)",
    () => ({}),
    (provider) => {
      let payment: OperationRef | undefined;
      return async (notification, context) => {
        const parsed = await provider.parseNotification(notification, context);
        if (parsed.kind !== 'accepted') return parsed;
        const first = parsed.facts.find((f) => f.kind !== 'chargeback');
        payment ??= first && 'ref' in first ? first.ref : undefined;
        return payment && (await context?.settingsFor(payment)) ? parsed : { kind: 'rejected', reason: 'no contract', reply: parsed.reply };
      };
    },
  ],
  [
    'checks the signature of authorizations only, not of captures, refunds, voids or disputes',
    'card',
    FORGERY_CHECK,
    () => ({}),
    (provider) => (notification, context) => {
      const authorization = (JSON.parse(notification.rawBody) as { event?: unknown }).event === 'authorization';
      return provider.parseNotification(authorization ? notification : { ...notification, headers: { ...notification.headers, 'x-fake-psp-signature': signBody(notification.rawBody, 'kit-fake-signing-secret-0123456789') } }, context);
    },
  ],
  ['reads a 5xx answer to a refund as a success', 'card', FIVE_HUNDRED_CHECK, (d) => ({ refund: async (input) => fiveHundredAs(await d.refund(input), 'accepted', input.transactionId, 'refunded') })],
  ['reads a 5xx answer to a void as a success', 'card', FIVE_HUNDRED_CHECK, (d) => ({ void: async (input) => fiveHundredAs(await d.void(input), 'accepted', input.transactionId, 'voided') })],
  ['calls a timeout of a refund a refusal', 'card', TIMEOUT_CHECK, (d) => ({ refund: async (input) => mapAck(await d.refund(input)) })],
  ['writes every amount with two decimals (a hundred times the yen)', 'card', currencyCheck('JPY'), hundredths],
  ['writes every amount with two decimals (a tenth of the dinars)', 'card', currencyCheck('KWD'), hundredths],
  ['answers a capture without telling its verdict', 'card', 'capture -> captured', (d) => ({ capture: async (input) => d.capture({ ...input, target: { providerRef: 'unknown-ref' } }) })],
  ['retries an opening the PSP holds, each try with a fresh timeout', 'card', deadlineCheckName('opening'), retriesHungCalls],
  ['retries a capture the PSP holds, each try with a fresh timeout', 'card', deadlineCheckName('capture'), retriesHungCalls],
  ['spends the deadline on earlier calls (two status reads before its capture, each with a fresh timeout)', 'card', deadlineCheckName('capture'), readsBeforeCapture],
  ['spends the deadline on later calls (status reads after a capture without an answer, each with a fresh timeout)', 'card', deadlineCheckName('capture'), readsAfterUnansweredCapture],
  ["hangs on the payer's return (reads the status until it answers, each read with a fresh timeout)", 'card', deadlineCheckName('return'), returnReadsUntilAnswered],
  ["hangs on a follow-up's status query (reads until it answers, each read with a fresh timeout)", 'card', deadlineCheckName('follow-up status query'), followUpQueryReadsUntilAnswered],
  [
    'treats a 429 answer to a capture as a refusal',
    'card',
    notNowFollowUpCheckName('429'),
    (d) => ({ capture: async (input) => notNowAsRefusal(await d.capture(input), 429, { kind: 'captured', success: false, ref: { transactionId: input.transactionId }, statusCode: '429' }) }),
  ],
  ['treats a 408 answer to a refund as a refusal', 'card', notNowFollowUpCheckName('408'), (d) => ({ refund: async (input) => notNowAsRefusal(await d.refund(input), 408) })],
  [
    'declines an opening answered 429',
    'card',
    notNowOpeningCheckName('429'),
    (d) => ({ open: async (input) => notNowAsRefusal(await d.open(input), 429, { kind: 'declined', category: 'bank-refusal', ref: { transactionId: input.transactionId } }) }),
  ],
  ['reads a 429 answer to its opening as accepted', 'card', notNowOpeningCheckName('429'), (d) => ({ open: async (input) => notNowAsAccepted(await d.open(input), 429) })],
  ['refuses an opening answered 408 though its status lookup could settle it', 'card', notNowOpeningCheckName('408'), (d) => ({ open: async (input) => notNowAsRefusal(await d.open(input), 408) })],
];

/** Flaws of how the provider is built: its plugin does not build it from what the service passes. */
const depsCases: [string, MethodKind, string, DepsBreak][] = [
  // psp-fake's own default is 10 s; five times the service's timeout is as late, and quicker to see.
  ['ignores the timeout the service gives it (times its calls on a timeout of its own)', 'card', deadlineCheckName('opening'), (deps) => ({ ...deps, timeoutMs: deps.timeoutMs * 5 })],
];

function fail(): never {
  throw new Error('the fake driver has no lookup');
}

/**
 * A driver that misreads a 5xx answer: as `accepted` (with a captured fact), as `rejected`, or as a
 * fault that drops the answer's status.
 */
function fiveHundredAs(output: OperationOutput, outcome: 'accepted' | 'rejected' | 'unknown', transactionId?: string, kind: 'captured' | 'refunded' | 'voided' = 'captured'): OperationOutput {
  const status = output.ack.httpStatus;
  if (output.ack.outcome !== 'unknown' || status === undefined || status < 500) return output;
  if (outcome === 'unknown') return { ...output, ack: { outcome: 'unknown' } };
  if (outcome === 'rejected') return { ...output, ack: { ...output.ack, outcome } };
  return { ack: { outcome, httpStatus: status }, facts: [{ kind, success: true, ref: { transactionId: transactionId as never } }] };
}

function mapAck(output: OperationOutput): OperationOutput {
  return output.ack.outcome === 'unknown' ? { ...output, ack: { ...output.ack, outcome: 'rejected' } } : output;
}

describe('the PSP driver contract kit catches a broken driver', () => {
  const rows = cases.map(([flaw, method, checkName, broken, reader]) => ({ flaw, method, checkName, broken, reader }));
  it.each(rows)('a driver that $flaw fails its check, which the reference driver passes', async ({ method, checkName, broken, reader }) => {
    expect(await outcome(fakeKitTarget(method), checkName)).toBe('passes');
    expect(await outcome(brokenFake(method, broken, reader), checkName)).not.toBe('passes');
  }, 30_000);
  const depsRows = depsCases.map(([flaw, method, checkName, depsBreak]) => ({ flaw, method, checkName, depsBreak }));
  it.each(depsRows)('a provider that $flaw fails its check, which the reference provider passes', async ({ method, checkName, depsBreak }) => {
    expect(await outcome(fakeKitTarget(method), checkName)).toBe('passes');
    expect(await outcome(brokenFake(method, () => ({}), undefined, depsBreak), checkName)).not.toBe('passes');
  }, 30_000);
});
