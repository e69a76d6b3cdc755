import type { Clock, Logger, SessionRepository, TokenMinter } from '@splitpay/domain';
import type { OwedOperationDispatcher } from '../psp/owed-operation.dispatcher';
import type { PspGateway } from '../psp/psp-gateway';
import type { SessionWriter } from '../session-writer';

/** What the payer flow's use cases share. */
export interface PayerDeps {
  readonly sessions: SessionRepository;
  readonly writer: SessionWriter;
  /** Digests elements tokens (only digests are stored). */
  readonly tokens: Pick<TokenMinter, 'digest'>;
  readonly gateway: PspGateway;
  readonly dispatcher: OwedOperationDispatcher;
  readonly clock: Clock;
  readonly logger: Logger;
  /** The service's own public base URL ({base_url}); a getter, as tests learn it once listening. */
  readonly publicBaseUrl: () => string;
  /** How long an ended session's token keeps reading (docs/decisions.md D17: 15 minutes). */
  readonly elementsGraceMs: number;
}
