import { Router } from 'express';
import type { AttemptId, AttemptSearch } from '@splitpay/domain';
import { principalOf, requirePrincipal } from '../auth/require-principal';
import { attemptSearchSchema } from '../schemas/search-query.schema';
import { presentAttemptView } from './attempt-view.presenter';
import type { MerchantApiDeps } from './merchant-api.deps';
import { readPathId } from '../schemas/read-path-id';
import { readNoQuery } from '../schemas/query.read';
import { searchHandler } from './search.handler';

/** GET /api/attempts and GET /api/attempts/{attemptId} (client and contact tokens). */
export function attemptsRouter(deps: MerchantApiDeps): Router {
  const router = Router();
  const anyToken = requirePrincipal(deps.tokens, 'any');

  router.get(
    '/api/attempts',
    anyToken,
    searchHandler({
      kind: 'attempts',
      schema: attemptSearchSchema,
      cursors: deps.cursors,
      search: (scope, query) => deps.searches.searchAttempts(scope, query as unknown as Omit<AttemptSearch, 'merchantId'>),
      present: presentAttemptView,
    }),
  );

  router.get('/api/attempts/:attemptId', anyToken, async (req, res) => {
    const attemptId = readPathId<AttemptId>(req, 'attemptId');
    readNoQuery(req);
    res.json(presentAttemptView(await deps.reads.getAttempt(principalOf(res).merchantId, attemptId)));
  });

  return router;
}
