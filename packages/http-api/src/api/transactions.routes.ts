import { Router } from 'express';
import type { TransactionId, TransactionSearch } from '@splitpay/domain';
import { principalOf, requirePrincipal } from '../auth/require-principal';
import { transactionSearchSchema } from '../schemas/search-query.schema';
import type { MerchantApiDeps } from './merchant-api.deps';
import { readPathId } from '../schemas/read-path-id';
import { readNoQuery } from '../schemas/query.read';
import { searchHandler } from './search.handler';
import { presentTransactionView } from './transaction-view.presenter';

/** GET /api/transactions and GET /api/transactions/{transactionId} (client and contact tokens). */
export function transactionsRouter(deps: MerchantApiDeps): Router {
  const router = Router();
  const anyToken = requirePrincipal(deps.tokens, 'any');

  router.get(
    '/api/transactions',
    anyToken,
    searchHandler({
      kind: 'transactions',
      schema: transactionSearchSchema,
      cursors: deps.cursors,
      search: (scope, query) => deps.searches.searchTransactions(scope, query as unknown as Omit<TransactionSearch, 'merchantId'>),
      present: presentTransactionView,
    }),
  );

  router.get('/api/transactions/:transactionId', anyToken, async (req, res) => {
    const transactionId = readPathId<TransactionId>(req, 'transactionId');
    readNoQuery(req);
    res.json(presentTransactionView(await deps.reads.getTransaction(principalOf(res).merchantId, transactionId)));
  });

  return router;
}
