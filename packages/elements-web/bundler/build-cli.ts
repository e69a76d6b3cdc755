import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildElementsBundle } from './elements-bundle';

/** `npm run build -w @splitpay/elements-web`: writes dist/ (for publishing; the service builds in memory). */
async function main(): Promise<void> {
  const out = path.join(__dirname, '..', 'dist');
  await mkdir(out, { recursive: true });
  const files = await buildElementsBundle();
  for (const [name, f] of Object.entries(files)) {
    await writeFile(path.join(out, name), f.body);
    process.stdout.write(`${name}\t${f.body.length} bytes\n`);
  }
}

void main();
