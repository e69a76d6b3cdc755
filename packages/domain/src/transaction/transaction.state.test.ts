import type { TransactionId } from '../ids/ids';
import { currencyCode } from '../money/currency';
import { money } from '../money/money';
import { IllegalTransitionError } from '../errors/domain-error';
import type { Transaction, VerdictKind } from './transaction.model';
import { VERDICT_KINDS } from './transaction.model';
import {
  isFinalVerdict,
  recordAck,
  transactionCancelled,
  transactionFailed,
  transactionMachine,
  transactionSucceeded,
  type VerdictTrigger,
} from './transaction.state';

const T = 1_700_000_000_000;
const pending: Transaction = {
  id: '0190a000-0000-7000-8000-000000000001' as TransactionId,
  createdAt: T,
  updatedAt: T,
  type: 'authorization',
  amount: money(1_000, currencyCode('EUR')),
  status: { kind: 'pending' },
};
const withKind = (kind: VerdictKind): Transaction => ({ ...pending, status: { kind } });

const ALLOWED: readonly [VerdictKind, VerdictTrigger, VerdictKind][] = [
  ['pending', 'succeeded', 'succeeded'],
  ['pending', 'failed', 'failed'],
  ['pending', 'cancelled', 'cancelled'],
];
const APPLY = { succeeded: transactionSucceeded, failed: transactionFailed, cancelled: transactionCancelled };
const TRIGGERS: readonly VerdictTrigger[] = ['succeeded', 'failed', 'cancelled'];

describe('transaction verdict table', () => {
  it.each(ALLOWED)('%s --%s--> %s', (from, trigger, to) => {
    expect(transactionMachine.fire(from, trigger)).toBe(to);
    const next = APPLY[trigger](withKind(from), { statusCode: '00', statusMessage: 'said', providerRef: 'ref-1' }, T + 5);
    expect(next).toMatchObject({ status: { kind: to, statusCode: '00', statusMessage: 'said' }, providerRef: 'ref-1', updatedAt: T + 5 });
  });

  const refused = VERDICT_KINDS.flatMap((from) =>
    TRIGGERS.filter((t) => !ALLOWED.some(([f, tr]) => f === from && tr === t)).map((t) => [from, t] as const),
  );
  it.each(refused)('%s refuses %s in the table; the verdict is ignored (same object), never thrown', (from, trigger) => {
    expect(() => transactionMachine.fire(from, trigger)).toThrow(IllegalTransitionError);
    const final = withKind(from);
    expect(APPLY[trigger](final, { statusMessage: 'resent' }, T + 9)).toBe(final);
    expect(isFinalVerdict(final)).toBe(true);
  });

  it('keeps the PSP reference it already had', () => {
    const known = { ...pending, providerRef: 'first' };
    expect(transactionSucceeded(known, { providerRef: 'second' }, T).providerRef).toBe('first');
  });

  it('the ack facet is recorded apart from the verdict facet', () => {
    const acked = recordAck(pending, { code: '202', message: 'accepted', httpStatus: 202, providerRef: 'ref-2' }, T + 1);
    expect(acked).toMatchObject({ ack: { code: '202', message: 'accepted', httpStatus: 202 }, providerRef: 'ref-2', status: { kind: 'pending' } });
    const noResponse = recordAck(pending, { message: 'ECONNREFUSED' }, T + 1);
    expect(noResponse.ack).toEqual({ message: 'ECONNREFUSED' });
    expect(noResponse.status).toEqual({ kind: 'pending' });
  });
});
