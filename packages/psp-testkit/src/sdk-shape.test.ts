import type { FitsSdk, ReadsFromSdk } from './sdk-shape';

// Compile-time checks (npm run typecheck) of the two SDK checks themselves: each tuple is the verdict
// every case must have, so a walker that accepts too much, or too little, fails the typecheck.

/** An SDK's model of a payment: optional fields, a nested object, a list, a wide string. */
interface SdkPayment {
  id?: string;
  status?: string | null;
  amount?: { value?: number; currency?: string };
  lines?: { label?: string; quantity?: number }[];
  kind?: 'card' | 'wallet' | 'transfer';
}

const fits: [
  FitsSdk<SdkPayment, { id: string; amount: { value: number } }>,
  FitsSdk<SdkPayment, { lines: { label: string }[] }>,
  FitsSdk<SdkPayment, { status: string | undefined; kind: 'card' }>,
  FitsSdk<SdkPayment, { id: string | { invented: string } }>,
] = [true, true, true, false];

const invented: [
  FitsSdk<SdkPayment, { id: string; invented: string }>,
  FitsSdk<SdkPayment, { amount: { value: number; invented: number } }>,
  FitsSdk<SdkPayment, { lines: { label: string; invented: boolean }[] }>,
  FitsSdk<SdkPayment, { id: number }>,
  FitsSdk<SdkPayment, { amount: { value: number }[] }>,
] = [false, false, false, false, false];

const reads: [
  ReadsFromSdk<SdkPayment, { id?: string; amount?: { value?: number } }>,
  ReadsFromSdk<SdkPayment, { lines?: readonly { quantity?: number }[] }>,
  ReadsFromSdk<SdkPayment, { status?: string; kind?: string }>,
  ReadsFromSdk<SdkPayment, { kind?: 'card' | 'wallet' | 'transfer' }>,
] = [true, true, true, true];

const unread: [
  ReadsFromSdk<SdkPayment, { invented?: string }>,
  ReadsFromSdk<SdkPayment, { amount?: { invented?: number } }>,
  ReadsFromSdk<SdkPayment, { kind?: 'card' | 'wallet' }>,
  ReadsFromSdk<SdkPayment, { status?: 'PAID' }>,
  ReadsFromSdk<SdkPayment, { id?: number }>,
  ReadsFromSdk<SdkPayment, { lines?: readonly { invented?: string }[] }>,
  ReadsFromSdk<SdkPayment, { id?: string | { invented?: string } }>,
] = [false, false, false, false, false, false, false];

describe('the SDK shape checks (compile-time)', () => {
  it('hold their verdicts (npm run typecheck proves them)', () => {
    expect([fits, invented, reads, unread].flat()).toEqual([true, true, true, false, false, false, false, false, false, true, true, true, true, false, false, false, false, false, false, false]);
  });
});
