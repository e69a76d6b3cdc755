import { SessionWriter } from '@splitpay/application';
import { nextDueAt, type Clock, type IdGenerator, type SessionRepository } from '@splitpay/domain';
import type { ServerConfig } from './config';
import { policyOf } from './domain-policy';

/**
 * The session writer as the service builds it (the policy from the settings, the domain's due-time
 * rule): for the composition root, and for the operators' commands, which write as the service does.
 */
export function sessionWriterOf(config: ServerConfig, parts: { readonly sessions: SessionRepository; readonly clock: Clock; readonly ids: IdGenerator }): SessionWriter {
  return new SessionWriter({ ...parts, policy: policyOf(config), nextDueAt });
}
