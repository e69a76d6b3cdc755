import { describePspDriverContract, isolateNock } from '@splitpay/psp-testkit';
import { adyenKitTarget } from './testing/adyen.kit-target';

// Adyen card and Apple Pay pass the PSP driver contract, nock playing the Checkout API and its webhooks.
isolateNock();
describePspDriverContract(adyenKitTarget('card'));
describePspDriverContract(adyenKitTarget('applepay'));
