import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildElementsFiles } from './elements-bundle';

/** `npm run build -w @splitpay/elements-web`: writes dist/ (for publishing; the service builds in memory). */
async function main(): Promise<void> {
  const out = path.join(__dirname, '..', 'dist');
  await mkdir(out, { recursive: true });
  const files = await buildElementsFiles();
  for (const [name, body] of Object.entries(files)) {
    await writeFile(path.join(out, name), body);
    process.stdout.write(`${name}\t${body.length} bytes\n`);
  }
}

void main();
