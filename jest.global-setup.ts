import { RESOLVED_TARGET_ENV, resolveMongoTarget } from './packages/store-mongo/src/contract/mongo-target';
import { SERVER_GAP_TEXT } from './packages/store-mongo/src/contract/server-gaps';
import { checkMongoDbRequirement } from './tools/mongo/src/mongodb-requirement';

/** What runs only with MONGODB_URI (jest.config.ts and apps/server/test/on-mongodb). */
const MONGODB_ONLY = [
  'the service suites on MongoDB (payer flow, refunds, webhooks)',
  'two service processes on one MongoDB database',
  'the attempt budget shared by two service processes',
  'the crash test on MongoDB',
  "the operators' commands on MongoDB (tools/ops)",
];

/**
 * Runs once, in jest's parent process, before any test: decides where the MongoDB contract suite runs
 * and, when it cannot run, says why in one loud line (a skipped suite's console output is dropped).
 * Test workers inherit the decision through the environment.
 */
export default function globalSetup(): void {
  const target = resolveMongoTarget();
  process.env[RESOLVED_TARGET_ENV] = JSON.stringify(target);
  const requirement = checkMongoDbRequirement(process.env, target.kind === 'skip' ? target.why : undefined);
  if (requirement.kind === 'unmet') throw new Error(`*** MongoDB suites REQUIRED and cannot run: ${requirement.why} ***`);
  if (target.kind === 'skip') process.stderr.write(`\n*** MongoDB contract suite SKIPPED: ${target.why} ***\n`);
  if (!process.env.MONGODB_URI) {
    process.stderr.write(`*** No MONGODB_URI, SKIPPED: ${MONGODB_ONLY.join('; ')} (tools/mongo/start-ferretdb starts a server) ***\n\n`);
  }
  if (target.kind === 'uri') {
    process.stderr.write(`\n*** MongoDB contract suite RUNS on MONGODB_URI ***\n`);
    for (const gap of target.gaps) process.stderr.write(`*** MongoDB contract: the tests needing '${gap}' are SKIPPED on this server: ${SERVER_GAP_TEXT[gap]} ***\n`);
  }
}
