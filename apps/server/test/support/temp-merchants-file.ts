import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const written: string[] = [];

/** Removes every folder this test file wrote (registered below for the end of the file). */
function removeWritten(): void {
  for (const dir of written.splice(0)) rmSync(dir, { recursive: true, force: true });
}

// Imported at a test file's top level, this hook belongs to that file's root block.
if (typeof afterAll === 'function') afterAll(removeWritten);

/** Writes a MERCHANTS_FILE (an object as JSON, or raw text) into a temporary folder removed after the test file. */
export async function writeTempMerchantsFile(content: unknown): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'splitpay-merchants-'));
  written.push(dir);
  const file = path.join(dir, 'merchants.json');
  await writeFile(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}
