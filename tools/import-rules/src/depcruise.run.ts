import { spawnSync } from 'child_process';
import path from 'path';

export const repoRoot = path.resolve(__dirname, '../../..');

export interface Violation {
  readonly rule: string;
  readonly from: string;
  readonly to: string;
}

interface CruiseJson {
  summary: { violations: { from: string; to: string; rule: { name: string } }[]; error: number };
}

/** Runs the dependency-cruiser CLI with the project's own config over `targets`, from `cwd`. */
export function cruise(cwd: string, targets: readonly string[]): { violations: Violation[]; errors: number } {
  const cli = path.join(repoRoot, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
  const config = path.join(repoRoot, '.dependency-cruiser.cjs');
  const run = spawnSync(process.execPath, [cli, '--config', config, '--output-type', 'json', ...targets], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (!run.stdout) throw new Error(`dependency-cruiser printed nothing: ${run.stderr}`);
  const result = JSON.parse(run.stdout) as CruiseJson;
  return {
    violations: result.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to })),
    errors: result.summary.error,
  };
}
