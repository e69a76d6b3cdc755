import { awaitingWallet, DomainError } from '@splitpay/domain';
import type { ElementsAccess } from './elements-access';
import type { PayerDeps } from './payer.deps';

/** The page's merchant validation request (Apple Pay's onvalidatemerchant). */
export interface WalletSessionRequest {
  readonly method: 'applepay';
  /** The page's host name, as registered for the wallet. */
  readonly domainName: string;
  /** The wallet's validation URL (used by a merchant holding its own certificate). */
  readonly validationUrl?: string;
}

/** The wallet session for the sheet, or none when the PSP did not open one (the page aborts the sheet). */
export interface WalletSessionAnswer {
  readonly walletSession?: Readonly<Record<string, unknown>>;
}

/**
 * POST /elements/session/attempts/{attemptId}/wallet-session: before an in-page wallet's sheet shows,
 * the PSP validates the merchant and opens a wallet session, handed to the page as is (never stored or
 * logged). Refusals as for confirm: AttemptNotFound, SessionNotPending, ConfirmNotApplicable (not a
 * confirmable attempt in flight of the input's method, already confirmed, or a driver that needs no
 * merchant validation).
 */
export class WalletSessionUseCase {
  constructor(
    private readonly deps: Pick<PayerDeps, 'gateway' | 'logger' | 'clock'>,
    private readonly access: ElementsAccess,
  ) {}

  async execute(token: string | undefined, attemptId: string, request: WalletSessionRequest): Promise<WalletSessionAnswer> {
    const session = await this.access.act(token);
    const attempt = awaitingWallet(session, attemptId, request.method, { now: this.deps.clock.now() });
    const opening = attempt.transactions[0];
    const resolved = opening ? await this.deps.gateway.resolve(session, attempt, opening.id) : undefined;
    if (!resolved?.driver.walletSession) throw new DomainError('ConfirmNotApplicable', 'This wallet needs no merchant validation');
    const fields = { sessionId: session.id, attemptId, provider: attempt.provider, method: attempt.method };
    try {
      const output = await resolved.driver.walletSession({ ...resolved.call, domainName: request.domainName, ...(request.validationUrl ? { validationUrl: request.validationUrl } : {}) });
      this.deps.logger.info('psp.wallet_session', { ...fields, ack: output.ack.outcome, httpStatus: output.ack.httpStatus, code: output.ack.code });
      return output.ack.outcome === 'accepted' && output.walletSession ? { walletSession: output.walletSession } : {};
    } catch (error) {
      this.deps.logger.error('psp.driver_failed', { ...fields, type: 'wallet-session', error });
      return {};
    }
  }
}
