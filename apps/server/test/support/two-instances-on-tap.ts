import { PspOperationTap } from './psp-operation-tap';
import { useTwoInstances, type TwoInstances } from './two-instances';

/** Two instances whose fake PSP calls pass through one operation tap, and the capture calls it counted. */
export interface TwoInstancesOnTap extends TwoInstances {
  readonly tap: PspOperationTap;
  /** The capture calls the tap received so far, each `captures:<transaction id>` with its count. */
  captureCalls(): [string, number][];
}

/**
 * For the calling describe block: instances A and B (`useTwoInstances`, no fake PSP delay) sharing
 * A's fake PSP through a `PspOperationTap`, which can hold or lose their operation calls.
 */
export function useTwoInstancesOnTap(): TwoInstancesOnTap {
  const tap = new PspOperationTap();
  const instances = useTwoInstances(async () => `${await tap.start()}/fake-psp`, { FAKE_PSP_DELAY_MS: '0' });
  beforeAll(() => tap.forwardTo(instances.a.url));
  afterAll(() => tap.close());
  return { ...instances, tap, captureCalls: () => [...tap.operationCalls()].filter(([name]) => name.startsWith('captures:')) };
}
