import { chromium } from 'playwright-core';
import { armInteraction } from './lib/page-probes.mjs';
import { startStaticServer } from './lib/server.mjs';
import { seedSession, sessions } from './lib/sessions.mjs';

const server = await startStaticServer(new URL('../dist', import.meta.url).pathname);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (let i = 0; i < Number(process.argv[2] ?? 5); i++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await seedSession(context, sessions.readyInvestor);
  await context.addInitScript(() => {
    const log = (window.__log = {});
    const t = () => Math.round(performance.now());
    const obs = new MutationObserver(() => {
      if (!log.h1 && document.querySelector('#root h1')) log.h1 = t();
      if (!log.dialog && document.querySelector('dialog')) log.dialog = t();
    });
    document.addEventListener('DOMContentLoaded', () => obs.observe(document.body, { childList: true, subtree: true }));
    addEventListener(
      'keydown',
      () => {
        log.press ??= t();
      },
      true,
    );
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 40,
    downloadThroughput: 1250000,
    uploadThroughput: 625000,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(server.origin + '/dashboard', { waitUntil: 'load' });
  await page.locator('h1').first().waitFor();
  await page.waitForTimeout(1000);
  const times = [];
  for (let k = 0; k < 3; k++) {
    await page.evaluate(armInteraction, {
      name: 'palette-open',
      start: 'keydown',
      key: 'k',
      done: 'paletteOpen',
      timeoutMs: 10000,
    });
    await page.keyboard.press('Control+k');
    times.push(Math.round(await page.evaluate(() => window.__benchResult)));
    await page.keyboard.press('Escape');
    await page.waitForTimeout(200);
  }
  const log = await page.evaluate(() => window.__log);
  console.log(`h1 ${log.h1} dialog +${log.dialog - log.h1} press +${log.press - log.h1} opens ${times.join(' ')}`);
  await context.close();
}
await browser.close();
process.exit(0);
