import { describeRefundBursts } from '../support/refund-bursts.scenario';
import { startRefundService } from './refund-support';

describeRefundBursts('refund doors under concurrency, one instance (real HTTP, fake PSP)', async () => {
  const h = await startRefundService();
  return { instances: [h], close: () => h.close() };
});
