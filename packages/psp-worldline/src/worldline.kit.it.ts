import { describePspDriverContract } from '@splitpay/psp-testkit';
import { worldlineKitTarget } from './testing/worldline.kit-target';

// Worldline's Wero and ANCV drivers pass the PSP driver contract, nock playing Worldline Direct and its webhooks.
describePspDriverContract(worldlineKitTarget('wero'));
describePspDriverContract(worldlineKitTarget('ancv'));
