import type { Router } from 'express';
import { RefundAttempt, RefundSession, RefundTransaction, type AccessTokens, type RefundSender, type SessionWriter } from '@splitpay/application';
import { refundRouter } from '@splitpay/http-api';
import type { Core } from './core';

export interface RefundsWiringDeps {
  /** Verifies /api access tokens (client and contact tokens may both refund). */
  readonly tokens: AccessTokens;
  /** The one session writer (optimistic retries). */
  readonly writer: SessionWriter;
  /** Sends a new refund to its PSP right away and records the ack (the payer flow's dispatcher). */
  readonly sender: RefundSender;
}

export interface RefundsWiring {
  readonly routers: readonly Router[];
}

/** Refunds: the session, attempt and transaction doors. Owed refunds left unsent are the session worker's. */
export function wireRefunds(core: Core, deps: RefundsWiringDeps): RefundsWiring {
  const useCaseDeps = { sessions: core.stores.sessions, writer: deps.writer, sender: deps.sender, logger: core.logger };
  return {
    routers: [
      refundRouter({
        tokens: deps.tokens,
        refunds: {
          session: new RefundSession(useCaseDeps),
          attempt: new RefundAttempt(useCaseDeps),
          transaction: new RefundTransaction(useCaseDeps),
        },
      }),
    ],
  };
}
