import type { LookupInput, OperationOutput, PspDriver, ReturnInput } from '@splitpay/domain';
import { CARD_CAPS } from '@splitpay/domain/src/testing';
import { dispatchingCore, openedTranche } from '../testing/dispatching.fixture';
import { PayerReturnUseCase } from './payer-return.use-case';

/** What a driver answers when its call got no answer: the transport failure's code first (transportFailureMessage). */
const unanswered = (message: string): OperationOutput => ({ ack: { outcome: 'unknown', message }, facts: [] });

/** A PSP call the fake holds until the test passes its deadline (`end`): no clock, no timer. */
class HeldCall<I> {
  readonly inputs: I[] = [];
  private readonly waiting: { resolve(output: OperationOutput): void; reject(error: Error): void }[] = [];
  private readonly callers: (() => void)[] = [];
  hold(input: I): Promise<OperationOutput> {
    this.inputs.push(input);
    for (const called of this.callers.splice(0)) called();
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }
  /** Resolves once the driver is called (now, if it was). */
  called(): Promise<'called'> {
    return this.inputs.length > 0 ? Promise.resolve('called') : new Promise((resolve) => this.callers.push(() => resolve('called')));
  }
  /** The driver's deadline passes: it answers what it does then. */
  end(output: OperationOutput | Error): void {
    for (const call of this.waiting.splice(0)) {
      if (output instanceof Error) call.reject(output);
      else call.resolve(output);
    }
  }
}

/** A card driver that finishes the opening on the return and has a status lookup, whose PSP answers neither. */
class HangingPsp implements Partial<PspDriver> {
  readonly provider = 'fake';
  readonly method = 'card' as const;
  readonly capabilities = { ...CARD_CAPS, statusLookup: true };
  readonly returns = new HeldCall<ReturnInput>();
  readonly lookups = new HeldCall<LookupInput>();
  completeReturn(input: ReturnInput): Promise<OperationOutput> {
    return this.returns.hold(input);
  }
  lookup(input: LookupInput): Promise<OperationOutput> {
    return this.lookups.hold(input);
  }
}

// The return door waits one PSP deadline, not two (docs/decisions.md D144-b): once the driver's
// return call went unanswered, the door asks no status query (whose own timeout would double the wait).
describe('PayerReturnUseCase: one PSP deadline for the return door', () => {
  async function returning() {
    const psp = new HangingPsp();
    const core = dispatchingCore([psp]);
    const useCase = new PayerReturnUseCase({ sessions: core.stores.sessions, gateway: core.gateway, logger: core.logger, writer: core.writer, dispatcher: core.dispatcher });
    const { attemptId } = await openedTranche(core, 10_000, {
      fields: { returnUrl: 'https://shop.example/back', cancelUrl: 'https://shop.example/cancel' },
      redirect: { kind: 'navigate', url: 'https://acs.example/challenge' },
    });
    const door = useCase.execute(attemptId, { redirectResult: 'r1' });
    await psp.returns.called();
    return { psp, door };
  }

  it.each([
    ["an unknown ack timed out (axios's ECONNABORTED)", unanswered('ECONNABORTED: no answer from fake (timed out)')],
    ["an unknown ack timed out (the service's deadline, ETIMEDOUT)", unanswered('ETIMEDOUT: no answer from fake (timed out)')],
    // psp-http's outOfTime and PayPal's token wait say ETIMEDOUT too (D150-c): the operation's time ran out.
    ["an unknown ack of the operation's time budget run out before its next call", unanswered("ETIMEDOUT: no answer from fake's token endpoint (timed out)")],
    ['a thrown error', new Error('socket hang up')],
  ])('a return call ended by its deadline with %s -> the payer is sent on, no status query asked', async (_label, ended) => {
    const { psp, door } = await returning();
    psp.returns.end(ended);
    expect(await Promise.race([door, psp.lookups.called()])).toEqual({ kind: 'redirect', url: 'https://shop.example/back' });
    expect(psp.lookups.inputs).toEqual([]);
  });

  it.each([503, 429, 409, 401])(
    'a return call the PSP answered at once with %i (an unknown ack, no deadline spent) -> the status query still routes a payer who backed out',
    async (httpStatus) => {
      const { psp, door } = await returning();
      psp.returns.end({ ack: { outcome: 'unknown', httpStatus }, facts: [] });
      expect(await Promise.race([door, psp.lookups.called()])).toBe('called');
      psp.lookups.end({ ack: { outcome: 'accepted' }, facts: [{ kind: 'cancelled-by-payer', ref: { transactionId: psp.lookups.inputs[0]!.target.transactionId! } }] });
      expect(await door).toEqual({ kind: 'redirect', url: 'https://shop.example/cancel' });
    },
  );

  it.each(['ECONNREFUSED: no answer from fake (connection refused)', 'ENOTFOUND: no answer from fake (host name not found)', 'ECONNRESET: no answer from fake (connection reset)'])(
    'a return call that failed without waiting out its timeout (%s) -> the status query still routes a payer who backed out (D144-b, D150-b)',
    async (message) => {
      const { psp, door } = await returning();
      psp.returns.end(unanswered(message));
      expect(await Promise.race([door, psp.lookups.called()])).toBe('called');
      psp.lookups.end({ ack: { outcome: 'accepted' }, facts: [{ kind: 'cancelled-by-payer', ref: { transactionId: psp.lookups.inputs[0]!.target.transactionId! } }] });
      expect(await door).toEqual({ kind: 'redirect', url: 'https://shop.example/cancel' });
    },
  );

  it('a return call the PSP answered without a verdict -> the status query still tells whether the payer backed out', async () => {
    const { psp, door } = await returning();
    psp.returns.end({ ack: { outcome: 'accepted' }, facts: [] });
    await psp.lookups.called();
    psp.lookups.end({ ack: { outcome: 'accepted' }, facts: [{ kind: 'cancelled-by-payer', ref: { transactionId: psp.lookups.inputs[0]!.target.transactionId! } }] });
    expect(await door).toEqual({ kind: 'redirect', url: 'https://shop.example/cancel' });
  });
});
