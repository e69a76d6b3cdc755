import { describePspDriverContract, isolateNock } from '@splitpay/psp-testkit';
import { oneyKitTarget } from './testing/oney.kit-target';

// Oney's financing driver passes the PSP driver contract, nock playing the payment API and its notification hints.
isolateNock();
describePspDriverContract(oneyKitTarget());
