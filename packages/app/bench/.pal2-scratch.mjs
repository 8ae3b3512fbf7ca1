import { chromium } from 'playwright-core';
import { armInteraction } from './lib/page-probes.mjs';
import { startStaticServer } from './lib/server.mjs';
import { seedSession, sessions } from './lib/sessions.mjs';

const server = await startStaticServer(new URL('../dist', import.meta.url).pathname);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (let i = 0; i < Number(process.argv[2] ?? 2); i++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await seedSession(context, sessions.readyInvestor);
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
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'],
  });
  await page.goto(server.origin + '/dashboard', { waitUntil: 'load' });
  await page.locator('h1').first().waitFor();
  await page.evaluate(() => performance.mark('h1-seen'));
  await page.waitForTimeout(1000);
  await page.evaluate(armInteraction, {
    name: 'palette-open',
    start: 'keydown',
    key: 'k',
    done: 'paletteOpen',
    timeoutMs: 10000,
  });
  await page.keyboard.press('Control+k');
  const first = await page.evaluate(() => window.__benchResult);
  await page.waitForTimeout(300);
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  const t0 = events.find((e) => e.name === 'palette-open:start')?.ts ?? 0;
  const h1 = events.find((e) => e.name === 'h1-seen')?.ts ?? 0;
  console.log('run', i, 'first open', Math.round(first), 'h1-seen at', Math.round((h1 - t0) / 1000));
  const tasks = events
    .filter((e) => e.name === 'RunTask' && e.dur > 15000 && e.ts > t0 - 1600000 && e.ts < t0 + 300000)
    .sort((a, b) => a.ts - b.ts);
  for (const t of tasks) {
    const inner = events.filter(
      (e) =>
        e.tid === t.tid &&
        e.ts >= t.ts &&
        e.ts < t.ts + t.dur &&
        [
          'EvaluateScript',
          'FunctionCall',
          'TimerFire',
          'EventDispatch',
          'v8.evaluateModule',
          'UpdateLayoutTree',
          'Layout',
          'Paint',
          'FireAnimationFrame',
          'FireIdleCallback',
          'XHRLoad',
          'HandlePostMessage',
          'ParseAuthorStyleSheet',
        ].includes(e.name) &&
        e.dur > 3000,
    );
    console.log(
      `  ${((t.ts - t0) / 1000).toFixed(0).padStart(6)} ${(t.dur / 1000).toFixed(0).padStart(4)}ms`,
      inner
        .slice(0, 6)
        .map(
          (e) =>
            `${e.name}${e.args?.data?.url ? '(' + e.args.data.url.split('/').pop().slice(0, 28) + ':' + (e.args.data.functionName ?? '') + ')' : e.args?.data?.type ? '(' + e.args.data.type + ')' : ''} ${(e.dur / 1000).toFixed(0)}`,
        )
        .join(' | '),
    );
  }
  await context.close();
}
await browser.close();
process.exit(0);
