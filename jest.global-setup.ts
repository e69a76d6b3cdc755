import { RESOLVED_TARGET_ENV, resolveMongoTarget } from './packages/store-mongo/src/contract/mongo-target';
import { SERVER_GAP_TEXT } from './packages/store-mongo/src/contract/server-gaps';

/**
 * Runs once, in jest's parent process, before any test: decides where the MongoDB contract suite runs
 * and, when it cannot run, says why in one loud line (a skipped suite's console output is dropped).
 * Test workers inherit the decision through the environment.
 */
export default function globalSetup(): void {
  const target = resolveMongoTarget();
  process.env[RESOLVED_TARGET_ENV] = JSON.stringify(target);
  if (target.kind === 'skip') process.stderr.write(`\n*** MongoDB contract suite SKIPPED: ${target.why} ***\n\n`);
  if (target.kind === 'uri') {
    process.stderr.write(`\n*** MongoDB contract suite RUNS on MONGODB_URI ***\n`);
    for (const gap of target.gaps) process.stderr.write(`*** MongoDB contract: the tests needing '${gap}' are SKIPPED on this server: ${SERVER_GAP_TEXT[gap]} ***\n`);
  }
}
