import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The files of one bundle, by the name each is served under, as bytes. */
export type BundleBytes<Name extends string> = Readonly<Record<Name, Buffer>>;

/**
 * One set of browser files the service serves (the dashboard, the components, the demo page, a PSP's
 * hosted-fields adapter). `build` bundles them from the checkout's TypeScript: a compiled build holds
 * none, so `npm run build` writes them ahead under a prebuilt root, in the directory named `id`.
 */
export interface BrowserBundle<Name extends string = string> {
  readonly id: string;
  readonly files: readonly Name[];
  readonly build: () => Promise<BundleBytes<Name>>;
}

/** Builds `bundle` and writes its files into `root`/`id` (`npm run build`). */
export async function writePrebuiltBundle<Name extends string>(root: string, bundle: BrowserBundle<Name>): Promise<void> {
  const bytes = await bundle.build();
  const dir = path.join(root, bundle.id);
  await mkdir(dir, { recursive: true });
  await Promise.all(bundle.files.map((name) => writeFile(path.join(dir, name), bytes[name])));
}

/**
 * The files written ahead into `root`/`id` when that directory exists (a compiled build: esbuild is
 * never run), else built from the sources in memory (`npm start`).
 */
export async function loadBundle<Name extends string>(root: string, bundle: BrowserBundle<Name>): Promise<BundleBytes<Name>> {
  const dir = path.join(root, bundle.id);
  if (!existsSync(dir)) return bundle.build();
  const bodies = await Promise.all(bundle.files.map((name) => readFile(path.join(dir, name))));
  return Object.fromEntries(bundle.files.map((name, i) => [name, bodies[i]])) as Record<Name, Buffer>;
}

/** `load` run at the first call and its answer kept for the process; a failure is retried by the next call. */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let shared: Promise<T> | undefined;
  return () => {
    shared ??= load().catch((error: unknown) => {
      shared = undefined;
      throw error;
    });
    return shared;
  };
}
