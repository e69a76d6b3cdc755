export { describePspDriverContract, pspDriverChecks } from './driver-contract';
export type { KitCheck } from './checks/check';
export type { Dispute, DisputePlay, FollowUpKind, FollowUpOutcome, FollowUpPlay, OpeningPlay, PspKitRun, PspKitScript, PspKitTarget, TransportFault } from './kit-target';
export { CapturingLogger } from '@splitpay/domain/src/testing';
export { KIT_AMOUNT } from './kit-session';
export { isolateNock, loadNock } from './nock-isolation';
export { nockedKitRun } from './nocked-kit-run';
export type { CamelWire, EnumsAsValues, FitsSdk, OnlyKnown, ReadsFromSdk } from './sdk-shape';
