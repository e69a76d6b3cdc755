import { v7 } from 'uuid';
import type { IdGenerator } from '@splitpay/domain';

/** Lowercase, time-ordered UUID v7 ids. */
export class UuidV7IdGenerator implements IdGenerator {
  newId(): string {
    return v7();
  }
}
