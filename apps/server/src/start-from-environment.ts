import { ConfigError, readConfig } from './config';
import { startServer, type RunningServer } from './server';

/** The service as `npm start` runs it: settings from the environment (config.ts), then the start. */
export function startFromEnvironment(): Promise<RunningServer> {
  return startServer(readConfig());
}

/** Why a start failed, one line per problem (a bad configuration lists each). */
export function startProblems(error: unknown): readonly string[] {
  return error instanceof ConfigError ? error.problems : [error instanceof Error ? error.message : String(error)];
}
