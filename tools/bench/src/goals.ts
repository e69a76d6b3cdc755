import os from 'node:os';

/** One goal of issue 15 as the bench measured it: the figure beside its target. */
export interface GoalFigure {
  readonly goal: string;
  readonly figure: string;
  readonly target: string;
  /** Absent: a figure printed for context, with no target of its own. */
  readonly met?: boolean;
}

export function printGoals(goals: readonly GoalFigure[]): void {
  const width = Math.max(40, ...goals.map((g) => g.goal.length + 2));
  console.log(`\n${'goal'.padEnd(width)}${'figure'.padEnd(34)}${'target'.padEnd(26)}`);
  for (const g of goals) {
    const verdict = g.met === undefined ? '' : g.met ? 'PASS' : 'FAIL';
    console.log(`${g.goal.padEnd(width)}${g.figure.padEnd(34)}${g.target.padEnd(26)}${verdict}`);
  }
}

/** The machine's load average (1, 5 and 15 minutes): figures taken beside other work are depressed. */
export function loadAverage(): string {
  return os.loadavg().map((l) => l.toFixed(2)).join(' ');
}

/** The machine and runtime the figures come from: they mean little without it. */
export function describeMachine(): string {
  const cpus = os.cpus();
  const load = loadAverage();
  return [
    `machine: ${cpus[0]?.model ?? 'unknown cpu'} x${cpus.length}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.platform()} ${os.release()}`,
    `node ${process.version} (v8 ${process.versions.v8}), load average at start ${load}`,
  ].join('\n');
}

export const fixed = (n: number, digits = 0): string => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
