import { METHOD_KINDS } from '@splitpay/domain';
import { describePspDriverContract } from '@splitpay/psp-testkit';
import { fakeKitTarget } from './testing/fake.kit-target';

// The reference drivers pass the PSP driver contract, every method, the fake PSP answering over HTTP.
for (const method of METHOD_KINDS) describePspDriverContract(fakeKitTarget(method));
