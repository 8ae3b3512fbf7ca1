// The embedded build against the real-mode build (docs/performance.md "Embedded against real mode"):
// for each role, /dashboard opened with a signed-in session until the screen has settled, in a
// fresh browser profile (cold: nothing cached, no service worker, no stored database) and then
// again in the same profile (warm). The real-mode build talks to the local host over loopback; the
// embedded build answers from PGlite in its worker, from the same database image.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { prepareContext } from './sessions.mjs';
import { summarize } from './stats.mjs';

/** Builds the app for the local host (VITE_SUPABASE_URL), as a deployment builds it for its project. */
export function buildRealMode({ repoRoot, outDir, host }) {
  execFileSync(
    process.execPath,
    [
      path.join(repoRoot, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    {
      cwd: path.join(repoRoot, 'packages/app'),
      stdio: 'inherit',
      env: {
        ...process.env,
        NODE_ENV: 'production',
        VITE_SUPABASE_URL: host.url,
        VITE_SUPABASE_ANON_KEY: host.anonKey,
      },
    },
  );
  return outDir;
}

/** Opens `url` and answers ms from the navigation's start to the screen settled: its h1, nothing busy. */
async function firstScreen(page, url) {
  await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
  const settledAt = await page.waitForFunction(
    () => {
      const heading = document.querySelector('main h1');
      if (!heading || document.querySelector('[aria-busy="true"]')) return false;
      return { at: performance.now(), path: window.location.pathname };
    },
    null,
    { timeout: 120_000, polling: 'raf' },
  );
  const { at, path: shown } = await settledAt.jsonValue();
  if (shown !== '/dashboard') throw new Error(`ended on ${shown}`);
  return at;
}

/** Cold and warm first screens of each role, in both builds, taking turns so drift hits both alike. */
export async function measureModes(browser, { embedded, real, sessions, loads, network }) {
  const { roleIds } = await import('@vault/domain');
  const samples = [];
  const errors = [];
  for (let load = 0; load < loads; load += 1) {
    for (const role of roleIds) {
      for (const [mode, origin] of [
        ['embedded', embedded],
        ['real', real],
      ]) {
        const context = await browser.newContext({ viewport: network.viewport });
        try {
          await prepareContext(context, { session: sessions[role] });
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await cdp.send('Network.enable');
          await cdp.send('Network.emulateNetworkConditions', {
            offline: false,
            latency: network.latencyMs,
            downloadThroughput: (network.downloadMbps * 1_000_000) / 8,
            uploadThroughput: (network.uploadMbps * 1_000_000) / 8,
          });
          const cold = await firstScreen(page, `${origin}/dashboard`);
          const warm = await firstScreen(page, `${origin}/dashboard`);
          samples.push({ load, role, mode, cold, warm });
        } catch (caught) {
          errors.push(`${role}, ${mode}: ${caught instanceof Error ? caught.message.split('\n')[0] : String(caught)}`);
        } finally {
          await context.close();
        }
      }
    }
  }
  const roles = {};
  for (const role of roleIds) {
    const of = (mode, phase) => samples.filter((s) => s.role === role && s.mode === mode).map((s) => s[phase]);
    // Each embedded load against the real-mode load of the same round.
    const ratios = (phase) =>
      samples
        .filter((s) => s.role === role && s.mode === 'embedded')
        .map((s) => {
          const pair = samples.find((r) => r.role === role && r.mode === 'real' && r.load === s.load);
          return pair ? s[phase] / pair[phase] : null;
        });
    roles[role] = {
      embedded: { cold: summarize(of('embedded', 'cold')), warm: summarize(of('embedded', 'warm')) },
      real: { cold: summarize(of('real', 'cold')), warm: summarize(of('real', 'warm')) },
      ratio: { cold: summarize(ratios('cold')), warm: summarize(ratios('warm')) },
    };
  }
  return { loads, roles, errors, samples };
}

/** The report's section: per role, both builds' medians and the ratio, against the goals. */
export function modesSection(modes, network) {
  const ms = (s) => (s.median === null ? '-' : `${Math.round(s.median)} (${Math.round(s.p25)}–${Math.round(s.p75)})`);
  const ratio = (s) => (s.median === null ? '-' : `${s.median.toFixed(2)}x`);
  return {
    title:
      `First signed-in screen (/dashboard), embedded build against real-mode build on the local host: ms from ` +
      `navigation to the screen settled, median (p25–p75) of ${modes.loads} per role; ${network.latencyMs} ms latency, ` +
      `${network.downloadMbps} Mbps down, CPU not slowed. Goals: ≤ 2x cold, ≤ 1.2x warm`,
    headers: ['Role', 'Embedded cold', 'Real cold', 'Cold ratio', 'Embedded warm', 'Real warm', 'Warm ratio'],
    rows: Object.entries(modes.roles).map(([role, r]) => [
      role,
      ms(r.embedded.cold),
      ms(r.real.cold),
      ratio(r.ratio.cold),
      ms(r.embedded.warm),
      ms(r.real.warm),
      ratio(r.ratio.warm),
    ]),
    lines: modes.errors.map((error) => `- failed: ${error}`),
  };
}
