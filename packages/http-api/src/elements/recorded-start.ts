import type { RequestHandler, Response } from 'express';
import type { StartAttemptUseCase } from '@splitpay/application';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH } from '../schemas/idempotency-key.read';
import { elementsTokenOf } from './elements-token';

/**
 * Marks a start whose idempotency-key already names an attempt of its session (D91): its repeat opens
 * nothing at a PSP, so the card-testing budgets (D53) do not count it (D97); a new key is counted. Read
 * once, before both limiters. A key the door will refuse (malformed, sent twice) is counted.
 */
export function recordedStartSeen(start: Pick<StartAttemptUseCase, 'startRecorded'>): RequestHandler {
  return async (req, res, next) => {
    const key = req.get(IDEMPOTENCY_KEY_HEADER);
    const usable = key !== undefined && key.length >= 1 && key.length <= IDEMPOTENCY_KEY_MAX_LENGTH;
    res.locals.recordedStart = usable && (await start.startRecorded(elementsTokenOf(req), key));
    next();
  };
}

export function isRecordedStart(res: Response): boolean {
  return res.locals.recordedStart === true;
}
