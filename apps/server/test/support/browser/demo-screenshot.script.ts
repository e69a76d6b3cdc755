import path from 'node:path';
import { launchChromium, openPage, startDemoService } from './elements-browser';
import { shootDemoMidSplit } from './demo-screenshot';

/** `npm run screenshot:demo`: writes docs/images/demo-checkout.png from a running service and Chromium. */
async function main(): Promise<void> {
  const out = path.join(__dirname, '..', '..', '..', '..', '..', 'docs', 'images', 'demo-checkout.png');
  const [h, browser] = await Promise.all([startDemoService(), launchChromium()]);
  try {
    const { page } = await openPage(browser);
    await shootDemoMidSplit(page, h.url, out);
    process.stdout.write(`${out}\n`);
  } finally {
    await browser.close();
    await h.close();
  }
}

void main();
