import { describePspDriverContract, isolateNock } from '@splitpay/psp-testkit';
import { worldlineKitTarget } from './testing/worldline.kit-target';

// Worldline's Wero and ANCV drivers pass the PSP driver contract under each contract they serve, nock
// playing Worldline Direct and its webhooks.
isolateNock();
describePspDriverContract(worldlineKitTarget('wero hold'));
describePspDriverContract(worldlineKitTarget('wero payment'));
describePspDriverContract(worldlineKitTarget('ancv 5412'));
describePspDriverContract(worldlineKitTarget('ancv 5403'));
