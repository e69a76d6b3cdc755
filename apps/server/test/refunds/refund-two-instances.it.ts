import { ManualClock } from '@splitpay/infra';
import { createEmbeddedStores } from '@splitpay/store-embedded';
import { describeRefundBursts } from '../support/refund-bursts.scenario';
import { deploymentKeys } from '../support/two-instances';
import { startRefundService } from './refund-support';

jest.setTimeout(30_000);

/** Two service instances on one store, sharing one fake PSP (instance A's), as one deployment would. */
describeRefundBursts('refund doors under concurrency, two instances on one store', async () => {
  const stores = createEmbeddedStores();
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  const shared = deploymentKeys();
  const a = await startRefundService({ stores, clock, env: shared });
  const b = await startRefundService({ stores, clock, env: { ...shared, FAKE_PSP_URL: `${a.url}/fake-psp` } });
  return {
    instances: [a, b],
    close: async () => {
      await b.close();
      await a.close();
    },
  };
});
