import { spawn, type ChildProcess } from 'node:child_process';

/** A process the bench started, listening at `url` on 127.0.0.1. */
export interface ChildService {
  readonly url: string;
  readonly process: ChildProcess;
  /** Asks the child something over IPC (`{ ask }`) and resolves with its answer. */
  ask<T>(question: string): Promise<T>;
  stop(): Promise<void>;
}

/** `entry` (a TypeScript file) in a Node process of its own through tsx, with an IPC channel. */
export function spawnTypeScript(entry: string, env: NodeJS.ProcessEnv = {}, nodeArgs: readonly string[] = []): ChildProcess {
  return spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/**
 * Starts `entry` in its own Node process (spawnTypeScript), so load and service never share a CPU
 * thread. The child announces `{ url }` over IPC once it listens. `nodeArgs` adds flags such as
 * `--cpu-prof`.
 */
export function startChild(entry: string, env: NodeJS.ProcessEnv, nodeArgs: readonly string[] = [], startTimeoutMs = 600_000): Promise<ChildService> {
  const child = spawnTypeScript(entry, env, nodeArgs);
  const answers = new Map<string, (value: unknown) => void>();
  return new Promise<ChildService>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${entry} did not start within ${startTimeoutMs} ms`));
    }, startTimeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${entry} exited (${code}) before listening`));
    });
    child.on('message', (message: { url?: string; answer?: string; value?: unknown }) => {
      if (message.answer !== undefined) {
        answers.get(message.answer)?.(message.value);
        answers.delete(message.answer);
        return;
      }
      if (!message.url) return;
      clearTimeout(timer);
      resolve({
        url: message.url,
        process: child,
        ask: <T>(question: string) =>
          new Promise<T>((answered) => {
            answers.set(question, answered as (value: unknown) => void);
            child.send({ ask: question });
          }),
        stop: () =>
          new Promise<void>((stopped) => {
            if (child.exitCode !== null) return stopped();
            child.removeAllListeners('exit');
            child.once('exit', () => stopped());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

/** Announces the child's address to the bench (see startChild) and stops on SIGTERM. */
export function announce(url: string, stop: () => Promise<void>, answers: Record<string, () => unknown> = {}): void {
  process.on('message', (message: { ask?: string }) => {
    const question = message.ask;
    if (question === undefined) return;
    const answer = answers[question];
    process.send?.({ answer: question, value: answer ? answer() : undefined });
  });
  process.once('SIGTERM', () => {
    void stop().finally(() => process.exit(0));
  });
  process.send?.({ url });
}
