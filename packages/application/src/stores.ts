import type {
  AuthorizationCodeRepository,
  ChargebackRepository,
  MerchantAccountRepository,
  RefreshTokenRepository,
  SessionRepository,
} from '@splitpay/domain';

/** Every repository of one store (embedded or MongoDB); several service instances may share one. */
export interface Stores {
  readonly sessions: SessionRepository;
  readonly merchants: MerchantAccountRepository;
  readonly chargebacks: ChargebackRepository;
  readonly authCodes: AuthorizationCodeRepository;
  readonly refreshTokens: RefreshTokenRepository;
}
