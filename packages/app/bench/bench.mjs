#!/usr/bin/env node
// Vault against the floor (docs/performance.md): builds the app and two floor pages with the same Vite, serves
// them on loopback, loads each page in headless Chromium under a fixed CPU and network profile,
// and reports the app's figures as ratios to the floors measured in the same run.
//
//   npm run bench                       full run (15 loads per page, 20 tries per interaction)
//   npm run bench -- --loads 3 --tries 5   a quick look
//   options: --no-build (reuse packages/app/dist), --floors-only, --pages landing,login,
//            --no-interactions, --no-modes, --out DIR (default bench-results/)
//   npm run bench -- --pages placements --no-interactions --no-modes   /placements alone
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { chromiumArgs, chromiumPath } from '../../../.ci/chromium.mjs';
import { allChunks, developmentReactChunks, isMockBackend } from './lib/chunks.mjs';
import { buildFloors, floors } from './lib/floors.mjs';
import { formatKB, markdownTable, table } from './lib/format.mjs';
import { databaseImage, makePlacementsHolder, makeSessions, startLocalHost } from './lib/localHost.mjs';
import { buildRealMode, measureModes, modesSection } from './lib/modes.mjs';
import {
  armInteraction,
  installLoadObservers,
  pickFilterLetter,
  readDeclaredReads,
  readLoadFigures,
} from './lib/page-probes.mjs';
import { startStaticServer } from './lib/server.mjs';
import { prepareContext } from './lib/sessions.mjs';
import { quantile, summarize } from './lib/stats.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '../../..');
const appDist = path.join(repoRoot, 'packages/app/dist');
// The bench serves a copy of the app's build: another build during the run (a dev server, a test)
// would otherwise swap the files under it and break the loads half-way.
const appSnapshot = path.join(benchDir, 'dist/app');

const { values: options } = parseArgs({
  options: {
    loads: { type: 'string', default: '15' },
    tries: { type: 'string', default: '20' },
    'no-build': { type: 'boolean', default: false },
    'floors-only': { type: 'boolean', default: false },
    'no-interactions': { type: 'boolean', default: false },
    'no-modes': { type: 'boolean', default: false },
    pages: { type: 'string' },
    out: { type: 'string', default: path.join(repoRoot, 'bench-results') },
  },
});
const loadsPerPage = Math.max(1, Number.parseInt(options.loads, 10) || 15);
const triesPerInteraction = Math.max(1, Number.parseInt(options.tries, 10) || 20);
// Fresh /dashboard loads for the palette's first open (each is one load, so fewer than the tries).
const firstOpenLoads = Math.max(1, Math.ceil(triesPerInteraction / 4));
// First signed-in screens per role and build (each a cold load and a warm one): a third of the page loads.
const modeLoads = Math.max(1, Math.ceil(loadsPerPage / 3));

/** The fixed profile every load runs under: a slow CPU on a fair connection, a laptop's viewport. */
const profile = {
  cpuSlowdown: 4,
  latencyMs: 40,
  downloadMbps: 10,
  uploadMbps: 5,
  viewport: { width: 1280, height: 800 },
};

/**
 * The reads two screens declare for their first render, loaded with Vite from the app's sources:
 * the investor's dashboard's tables (src/screens/Dashboard/InvestorDashboard.reads.ts, through
 * src/screens/firstScreenReads.ts), and /placements' tables with the positions function its
 * table waits for (src/data/positions/positions.ts). The bench times those requests, and says
 * when the page asked for fewer.
 */
async function declaredFirstReads() {
  // Vite's dev server sets NODE_ENV=development when it is unset, and the builds after it (the
  // app's, the floors') would inherit it and ship React's development build.
  const nodeEnv = process.env.NODE_ENV;
  const vite = await createServer({
    root: path.join(repoRoot, 'packages/app'),
    configFile: path.join(repoRoot, 'packages/app/vite.config.ts'),
    server: { middlewareMode: true, hmr: false },
    appType: 'custom',
    logLevel: 'error',
  });
  try {
    const { dashboardReads, firstScreenReads } = await vite.ssrLoadModule('/src/screens/firstScreenReads.ts');
    const { positionsRead } = await vite.ssrLoadModule('/src/data/positions/positions.ts');
    return {
      dashboard: dashboardReads.investor.map((query) => query.table),
      placements: [
        ...firstScreenReads('placements', {}, { user: null }).map((query) => query.table),
        `rpc/${positionsRead.fn}`,
      ],
    };
  } finally {
    await vite.close();
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/** Times of React's development build say nothing of what people get: the bench stops instead. */
function refuseDevelopmentBuild(what, chunks) {
  const development = developmentReactChunks(chunks);
  if (development.length === 0) return;
  console.error(`${what} holds React's development build (${development.map((c) => c.file).join(', ')}).`);
  console.error('Unset NODE_ENV (or set it to production) and build again.');
  process.exit(1);
}

/** The positions of the /placements case: a long portfolio, every row rendered (DataTable has no paging). */
const PLACEMENT_POSITIONS = 200;
/** The signed-in screens' first-paint goal (docs/performance.md "The goals"): at most this multiple of floor B's. */
const signedInGoal = { floor: 'floorB', metric: 'fcp', atMost: 1.3 };

/**
 * The pages the bench loads, each with the session it is loaded under (and the tables its first
 * screen reads, the database image it starts from when not the run's, the table whose rows it
 * times, the goal the report checks).
 */
const firstReads = await declaredFirstReads();
const allAppPages = [
  { id: 'landing', path: '/', session: null },
  { id: 'login', path: '/login', session: null },
  {
    id: 'dashboard',
    path: '/dashboard',
    session: 'newInvestor',
    reads: firstReads.dashboard,
    goal: signedInGoal,
  },
  { id: 'opportunities', path: '/opportunities', session: 'readyInvestor' },
  { id: 'documents', path: '/documents', session: 'newInvestor' },
  {
    id: 'placements',
    path: '/placements',
    session: 'placementsInvestor',
    reads: firstReads.placements,
    image: 'placements',
    table: { caption: 'Positions', rows: PLACEMENT_POSITIONS },
    goal: signedInGoal,
  },
];
const wantedPages = options.pages?.split(',').map((s) => s.trim());
const appPages = options['floors-only']
  ? []
  : allAppPages.filter((page) => !wantedPages || wantedPages.includes(page.id) || wantedPages.includes(page.path));

/**
 * The run's signed-in sessions and the embedded build's database image, both made on the local
 * host (lib/localHost.mjs) before the first load.
 */
const run = {
  sessions: {},
  imageFile: path.join(benchDir, 'dist', 'database.tar.gz'),
  // The /placements case's database: a host of its own, so its offerings stay off the other pages.
  images: { placements: path.join(benchDir, 'dist', 'database-placements.tar.gz') },
};

/** The embedded build's database image, in its assets. */
const DATABASE_IMAGE = /^vault-database-.*\.tar\.gz$/;

/** Files of the embedded mock backend (MSW and its worker), counted apart from the product's JS. */
const mockBackendFiles = new Set(['mockServiceWorker.js', 'embeddedServiceWorker.js']);

await main();

async function main() {
  const startedAt = new Date();
  const loadAverageAtStart = os.loadavg().map((n) => Number(n.toFixed(2)));
  if (!existsSync(chromiumPath)) {
    console.error(`No Chromium at ${chromiumPath}: install it (apt-get install -y chromium) or set CHROME_PATH.`);
    process.exit(2);
  }

  if (appPages.length > 0 && !options['no-build']) {
    console.log('Building the app (npm run build)…');
    const buildStart = Date.now();
    // The build's own output is long; it is shown only when the build fails.
    const built = spawnSync('npm', ['run', 'build'], {
      cwd: repoRoot,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (built.status !== 0) {
      console.error(`${built.stdout ?? ''}${built.stderr ?? ''}`.split('\n').slice(-60).join('\n'));
      console.error('The app build failed; run with --floors-only to measure the floors alone.');
      process.exit(1);
    }
    console.log(`  built in ${Math.round((Date.now() - buildStart) / 1000)} s`);
  }
  if (appPages.length > 0 && !existsSync(path.join(appDist, 'index.html'))) {
    console.error(`No app build at ${appDist}.`);
    process.exit(1);
  }
  if (appPages.length > 0) {
    rmSync(appSnapshot, { recursive: true, force: true });
    cpSync(appDist, appSnapshot, { recursive: true });
    const chunks = allChunks(appSnapshot);
    refuseDevelopmentBuild('The app build', chunks);
    for (const chunk of chunks.filter(isMockBackend)) mockBackendFiles.add(chunk.file);
  }
  console.log('Building the floors with the same Vite…');
  await buildFloors();
  for (const floor of floors) refuseDevelopmentBuild(floor.label, allChunks(floor.outDir));

  const servers = {};
  for (const floor of floors) servers[floor.id] = await startStaticServer(floor.outDir);
  if (appPages.length > 0) {
    // The embedded build is served with the run's database images at the build's image path.
    const imagePath = `/assets/${readdirSync(path.join(appSnapshot, 'assets')).find((f) => DATABASE_IMAGE.test(f))}`;
    servers.app = await startStaticServer(appSnapshot, { replace: { [imagePath]: run.imageFile } });
    for (const image of new Set(appPages.map((page) => page.image).filter(Boolean))) {
      servers[`app-${image}`] = await startStaticServer(appSnapshot, { replace: { [imagePath]: run.images[image] } });
    }
  }
  const measureBothModes = appPages.length > 0 && !options['no-modes'];
  let host = null;
  if (appPages.length > 0) {
    console.log('Starting the local host (npm run backend:local) for the sessions and the real-mode build…');
    host = await startLocalHost(repoRoot);
    run.sessions = await makeSessions(host);
    writeFileSync(run.imageFile, await databaseImage(host));
  }
  if (appPages.some((page) => page.image === 'placements')) {
    console.log(`A second local host for /placements: the demo investor with ${PLACEMENT_POSITIONS} positions…`);
    const placementsHost = await startLocalHost(repoRoot);
    try {
      run.sessions.placementsInvestor = await makePlacementsHolder(placementsHost, PLACEMENT_POSITIONS);
      writeFileSync(run.images.placements, await databaseImage(placementsHost));
    } finally {
      await placementsHost.stop();
    }
  }
  if (measureBothModes) {
    console.log('Building the real-mode app against the local host…');
    servers.real = await startStaticServer(buildRealMode({ repoRoot, outDir: path.join(benchDir, 'dist/real'), host }));
  }

  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: [...chromiumArgs] });
  const chromiumVersion = browser.version();
  try {
    if (servers.app) await checkAppStarts(browser, servers.app.origin);
    const schedule = makeSchedule();
    console.log(
      `Loading ${schedule.length} pages (${loadsPerPage} per app page, floors alternating between them), ` +
        `CPU ${profile.cpuSlowdown}x slower, ${profile.latencyMs} ms latency, ${profile.downloadMbps} Mbps down…`,
    );
    const samples = [];
    const loadsStart = Date.now();
    for (const [index, slot] of schedule.entries()) {
      const origin = servers[slot.server].origin;
      const isApp = slot.server.startsWith('app');
      const sample = await measureLoad(browser, `${origin}${slot.path}`, servers[slot.server], isApp, slot);
      samples.push({ index, target: slot.target, ...sample });
      if ((index + 1) % 10 === 0 || index + 1 === schedule.length) {
        process.stdout.write(
          `  ${index + 1}/${schedule.length} loads, ${Math.round((Date.now() - loadsStart) / 1000)} s\n`,
        );
      }
    }

    let interactions = null;
    if (servers.app && !options['no-interactions']) {
      console.log(`Interactions (${triesPerInteraction} tries each)…`);
      interactions = await measureInteractions(browser, servers.app.origin);
    }

    let modes = null;
    if (measureBothModes) {
      console.log(`First signed-in screen, embedded and real-mode builds (${modeLoads} cold and warm loads per role)…`);
      modes = await measureModes(browser, {
        embedded: servers.app.origin,
        real: servers.real.origin,
        sessions: run.sessions,
        loads: modeLoads,
        network: profile,
      });
    }

    const results = summarizeRun(samples, interactions, modes, {
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? 'unknown',
        memoryGB: Math.round(os.totalmem() / 1e9),
        platform: `${os.type()} ${os.release()}`,
        node: process.version,
        chromium: chromiumVersion,
        // Other work on the machine skews every timing; ratios to the floors absorb part of it.
        loadAverageAtStart: loadAverageAtStart,
        loadAverageAtEnd: os.loadavg().map((n) => Number(n.toFixed(2))),
      },
      profile,
      loadsPerPage,
      triesPerInteraction,
    });
    printResults(results);
    mkdirSync(options.out, { recursive: true });
    const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
    const file = path.join(options.out, `bench-${stamp}.json`);
    writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
    writeFileSync(path.join(options.out, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
    writeFileSync(path.join(options.out, 'latest.md'), resultsMarkdown(results));
    console.log(`\nWrote ${path.relative(repoRoot, file)} (and latest.json, latest.md).`);
  } finally {
    await browser.close();
    for (const server of Object.values(servers)) await server.close();
    await host?.stop();
  }
}

/**
 * The load order. Floor loads are spread among the app loads (floor A and floor B taking turns,
 * two per round of app pages, so each floor gets as many loads as each app page): slow drift of
 * the machine hits app and floors alike, and every app load has a floor load within two places
 * of it to be compared with. A floor before every app load would cost two extra minutes.
 */
function makeSchedule() {
  const slots = [];
  let floorTurn = 0;
  const pushFloor = () => {
    const floor = floors[floorTurn % floors.length];
    floorTurn += 1;
    slots.push({ target: floor.id, server: floor.id, path: '/', session: null });
  };
  if (appPages.length === 0) {
    for (let i = 0; i < loadsPerPage * floors.length; i += 1) pushFloor();
    return slots;
  }
  // Where in a round the floors go: before the first app page and halfway through.
  const floorPositions = new Set([0, Math.ceil(appPages.length / 2)]);
  for (let round = 0; round < loadsPerPage; round += 1) {
    for (const [position, page] of appPages.entries()) {
      if (floorPositions.has(position)) pushFloor();
      slots.push({
        target: page.id,
        server: page.image ? `app-${page.image}` : 'app',
        path: page.path,
        session: page.session,
        reads: page.reads,
        image: page.image,
        table: page.table,
      });
    }
  }
  // A single app page gives one floor load per round: top the floors up to the same count.
  while (floorTurn < loadsPerPage * floors.length) pushFloor();
  return slots;
}

/**
 * Fails fast, before minutes of loads, when the built app does not start: no heading on '/', or
 * the embedded mock backend's service worker not in control.
 */
async function checkAppStarts(browser, origin) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/`, { waitUntil: 'load', timeout: 60_000 });
    // The embedded backend starts on the first backend call, which a public page never makes.
    await page.locator('h1').first().waitFor({ timeout: 30_000 });
  } catch (caught) {
    const reason = caught instanceof Error ? caught.message.split('\n')[0] : String(caught);
    throw new Error(`The built app does not start (no heading on /): ${reason}`);
  } finally {
    await context.close();
  }
}

/**
 * A fresh browser context (cold cache, no service worker, no storage) with the fixed profile, the
 * session named, and the table to time, if any.
 */
async function openThrottledPage(browser, sessionName, { table = null } = {}) {
  const context = await browser.newContext({ viewport: profile.viewport });
  await prepareContext(context, { session: sessionName ? run.sessions[sessionName] : null });
  await context.addInitScript(installLoadObservers, { table });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.latencyMs,
    downloadThroughput: (profile.downloadMbps * 1_000_000) / 8,
    uploadThroughput: (profile.uploadMbps * 1_000_000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
  return { context, page, cdp };
}

/** One cold load: transferred bytes from the DevTools network events, timings from the page. */
async function measureLoad(browser, url, server, withMockBackend, { session, reads = [], table } = {}) {
  const { context, page, cdp } = await openThrottledPage(browser, session, { table });
  const requests = new Map();
  let lastNetworkActivity = Date.now();
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
    requests.set(requestId, { url: request.url, done: false, bytes: 0, fromServiceWorker: false });
    lastNetworkActivity = Date.now();
  });
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const entry = requests.get(requestId);
    if (entry) {
      entry.mimeType = response.mimeType;
      entry.fromServiceWorker = Boolean(response.fromServiceWorker);
    }
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const entry = requests.get(requestId);
    if (entry) Object.assign(entry, { done: true, bytes: encodedDataLength });
    lastNetworkActivity = Date.now();
  });
  cdp.on('Network.loadingFailed', ({ requestId }) => {
    const entry = requests.get(requestId);
    if (entry) entry.done = true;
    lastNetworkActivity = Date.now();
  });

  server.takeSent();
  let error = null;
  try {
    // Not waiting for the load event here: a late one is a figure to record, not a failed load.
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    // Settle: React paints after the load event under a slow CPU; the app first starts its mock
    // backend (a service worker), then fetches the route's chunk and data, and paints again. Wait
    // for the load event and the first paint, for the mock backend on app pages, then until the
    // network has been idle for 400 ms (at most 30 s in all).
    const deadline = Date.now() + 30_000;
    const until = (condition) =>
      page
        .waitForFunction(condition, null, { timeout: Math.max(1, deadline - Date.now()), polling: 100 })
        .catch(() => {});
    await until(
      () => document.readyState === 'complete' && performance.getEntriesByName('first-contentful-paint').length > 0,
    );
    if (withMockBackend) await until(() => Boolean(navigator.serviceWorker?.controller));
    while (Date.now() < deadline) {
      const busy = [...requests.values()].some((entry) => !entry.done);
      if (!busy && Date.now() - lastNetworkActivity > 400) break;
      await page.waitForTimeout(50);
    }
    // Rendering a long table may outlast the network's quiet time under the slow CPU.
    if (table) await until(() => window.__benchLoad?.tableAt != null);
  } catch (caught) {
    error = caught instanceof Error ? caught.message.split('\n')[0] : String(caught);
  }
  const figures = error ? null : await page.evaluate(readLoadFigures).catch(() => null);
  const data = error || reads.length === 0 ? null : await page.evaluate(readDeclaredReads, reads).catch(() => null);
  const sent = server.takeSent();
  await context.close();

  const byKind = { js: 0, css: 0 };
  for (const entry of requests.values()) {
    const kind = kindOfUrl(entry.url);
    if (kind in byKind && !entry.url.startsWith('data:')) byKind[kind] += entry.bytes;
  }
  // The server's own count of body bytes: a cross-check of the browser's figures, and the way to
  // tell the mock backend's files apart.
  const serverBytes = { js: 0, css: 0, mockBackendJs: 0 };
  for (const item of sent) {
    if (item.kind in serverBytes) serverBytes[item.kind] += item.bytes;
    if (mockBackendFiles.has(item.file)) serverBytes.mockBackendJs += item.bytes;
  }
  return {
    error,
    ...(figures ?? {}),
    dataAt: data?.dataAt ?? null,
    readsMissing: data?.missing ?? [],
    jsBytes: byKind.js,
    productJsBytes: byKind.js - serverBytes.mockBackendJs,
    cssBytes: byKind.css,
    serverBytes,
    files: sent.map((item) => item.file),
  };
}

function kindOfUrl(url) {
  const { pathname } = new URL(url);
  if (/\.m?js$/.test(pathname)) return 'js';
  if (/\.css$/.test(pathname)) return 'css';
  return 'other';
}

/**
 * Interaction figures, each timed inside the page with performance marks from the input event
 * to the first frame showing the result, under the same CPU and network profile.
 */
async function measureInteractions(browser, origin) {
  const { context, page } = await openThrottledPage(browser, 'readyInvestor');
  const results = { errors: {} };
  // One failing interaction (a slow machine, a changed screen) must not cost the others.
  const guarded = async (name, run) => {
    try {
      await run();
    } catch (caught) {
      results.errors[name] = caught instanceof Error ? caught.message.split('\n')[0] : String(caught);
    }
  };
  try {
    // Ctrl+K to the palette dialog visible. The first open may fetch the palette's chunk: kept apart.
    const paletteTimes = [];
    await guarded('paletteOpen', async () => {
      await page.goto(`${origin}/dashboard`, { waitUntil: 'load', timeout: 60_000 });
      await page.locator('h1').first().waitFor({ timeout: 30_000 });
      await page.waitForTimeout(1000);
      for (let attempt = 0; attempt < triesPerInteraction + 1; attempt += 1) {
        await page.evaluate(armInteraction, {
          name: 'palette-open',
          start: 'keydown',
          key: 'k',
          done: 'paletteOpen',
          timeoutMs: 10_000,
        });
        await page.keyboard.press('Control+k');
        paletteTimes.push(await page.evaluate(() => window.__benchResult));
        await closePalette(page);
      }
    });
    // The first open, in a page of its own each time: one sample a run said little.
    const firstTimes = [];
    await guarded('paletteFirstOpen', async () => {
      for (let load = 0; load < firstOpenLoads; load += 1)
        firstTimes.push(await measureFirstPaletteOpen(browser, origin));
    });
    results.paletteOpen = { first: summarize(firstTimes), ...summarize(paletteTimes.slice(1)) };

    // Typing one letter in the palette to the list filtered.
    const typeTimes = [];
    let letter = null;
    await guarded('paletteType', async () => {
      await openPalette(page);
      letter = await page.evaluate(pickFilterLetter);
      if (!letter) throw new Error('no palette options to filter');
      for (let attempt = 0; attempt < triesPerInteraction; attempt += 1) {
        await page.evaluate(armInteraction, {
          name: 'palette-type',
          start: 'keydown',
          key: letter,
          done: 'optionsChanged',
          timeoutMs: 10_000,
        });
        await page.keyboard.press(letter);
        typeTimes.push(await page.evaluate(() => window.__benchResult));
        await page.keyboard.press('Backspace');
        await page.waitForTimeout(150);
      }
      await closePalette(page);
    });
    results.paletteType = { letter, ...summarize(typeTimes) };

    // A filter pill on /opportunities to the list re-rendered, taking turns between a category and All.
    const pillTimes = [];
    await guarded('filterPill', async () => {
      await page.goto(`${origin}/opportunities`, { waitUntil: 'load', timeout: 60_000 });
      // The category pills (docs/product.md: All, Renewable energy, …) are toggle buttons in a group named
      // 'Category'; the region group has an 'All' of its own.
      const categoryGroup = page.getByRole('group', { name: 'Category' });
      const category = categoryGroup.getByRole('button', { name: 'Renewable energy', exact: true });
      const all = categoryGroup.getByRole('button', { name: 'All', exact: true });
      await category.waitFor({ timeout: 30_000 });
      // The list itself: cards open /opportunities/{id}.
      await page.locator('main a[href^="/opportunities/"]').first().waitFor({ timeout: 30_000 });
      await page.waitForTimeout(1000);
      for (let attempt = 0; attempt < triesPerInteraction; attempt += 1) {
        await page.evaluate(armInteraction, {
          name: 'filter-pill',
          start: 'click',
          done: 'listChanged',
          timeoutMs: 10_000,
        });
        await (attempt % 2 === 0 ? category : all).click();
        pillTimes.push(await page.evaluate(() => window.__benchResult));
        await page.waitForTimeout(300);
      }
    });
    results.filterPill = summarize(pillTimes);
  } finally {
    await context.close();
  }
  return results;
}

/** Ctrl+K once on a freshly loaded /dashboard, a second after its heading shows, as a person would. */
async function measureFirstPaletteOpen(browser, origin) {
  const { context, page } = await openThrottledPage(browser, 'readyInvestor');
  try {
    await page.goto(`${origin}/dashboard`, { waitUntil: 'load', timeout: 60_000 });
    await page.locator('h1').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1000);
    await page.evaluate(armInteraction, {
      name: 'palette-first-open',
      start: 'keydown',
      key: 'k',
      done: 'paletteOpen',
      timeoutMs: 10_000,
    });
    await page.keyboard.press('Control+k');
    return await page.evaluate(() => window.__benchResult);
  } finally {
    await context.close();
  }
}

async function openPalette(page) {
  await page.keyboard.press('Control+k');
  await page.getByRole('dialog').first().waitFor({ timeout: 5000 });
  await page.waitForTimeout(300);
}

async function closePalette(page) {
  await page.keyboard.press('Escape');
  await page
    .getByRole('dialog')
    .first()
    .waitFor({ state: 'hidden', timeout: 5000 })
    .catch(() => {});
  await page.waitForTimeout(200);
}

/** Medians and spreads per target, and ratios of each app load to the floor loads next to it. */
function summarizeRun(samples, interactions, modes, meta) {
  const metrics = ['fcp', 'lcp', 'load', 'headingAt', 'tableAt', 'cls', 'jsBytes', 'productJsBytes', 'cssBytes'];
  const targets = [
    ...floors.map((f) => ({ id: f.id, label: f.label })),
    ...appPages.map((p) => ({ id: p.id, label: p.path })),
  ];
  const pages = {};
  for (const target of targets) {
    const mine = samples.filter((s) => s.target === target.id && !s.error);
    const entry = {
      label: target.label,
      loads: mine.length,
      errors: samples.filter((s) => s.target === target.id && s.error).map((s) => s.error),
      finalPaths: [...new Set(mine.map((s) => s.path))],
      mockWorkerActive: mine.filter((s) => s.mockWorkerActive).length,
      // A public page never starts the embedded backend; a signed-in one does.
      signedIn: Boolean(appPages.find((p) => p.id === target.id)?.session),
      goal: appPages.find((p) => p.id === target.id)?.goal ?? null,
      table: appPages.find((p) => p.id === target.id)?.table ?? null,
      headings: [...new Set(mine.map((s) => s.heading))],
      lcpElements: [...new Set(mine.map((s) => s.lcpElement))],
      serverBytesMedian: Object.fromEntries(
        ['js', 'css', 'mockBackendJs'].map((kind) => [
          kind,
          quantile(
            mine.map((s) => s.serverBytes[kind]),
            0.5,
          ),
        ]),
      ),
      files: mine[0]?.files ?? [],
      readsMissing: [...new Set(mine.flatMap((s) => s.readsMissing ?? []))],
      dataAt: summarize(mine.map((s) => s.dataAt)),
      metrics: {},
      ratios: {},
    };
    for (const metric of metrics) entry.metrics[metric] = summarize(mine.map((s) => s[metric]));
    for (const floor of floors) {
      if (target.id === floor.id) continue;
      entry.ratios[floor.id] = {};
      for (const metric of metrics.filter((m) => m !== 'cls' && m !== 'tableAt')) {
        // The floors have no mock backend: their JS is the denominator of both JS ratios.
        const floorMetric = metric === 'productJsBytes' ? 'jsBytes' : metric;
        entry.ratios[floor.id][metric] = pairedRatios(mine, samples, floor.id, metric, floorMetric);
      }
    }
    pages[target.id] = entry;
  }
  // Every load's figures, for anyone who wants to check the summary.
  const loads = samples.map((s) => ({
    index: s.index,
    target: s.target,
    error: s.error,
    fcp: s.fcp,
    lcp: s.lcp,
    load: s.load,
    headingAt: s.headingAt,
    tableAt: s.tableAt,
    dataAt: s.dataAt,
    cls: s.cls,
    jsBytes: s.jsBytes,
    productJsBytes: s.productJsBytes,
    cssBytes: s.cssBytes,
    path: s.path,
    mockWorkerActive: s.mockWorkerActive,
  }));
  return { ...meta, pages, interactions, modes, loads };
}

/**
 * Each app load divided by the floor load nearest to it in the run (the one just before or after),
 * so both were measured under the same conditions; returns the median and spread of those ratios.
 */
function pairedRatios(appSamples, allSamples, floorId, metric, floorMetric = metric) {
  const floorSamples = allSamples.filter((s) => s.target === floorId && !s.error && s[floorMetric] > 0);
  const ratios = [];
  for (const sample of appSamples) {
    if (!(sample[metric] >= 0) || floorSamples.length === 0) continue;
    const nearest = floorSamples.reduce((best, s) =>
      Math.abs(s.index - sample.index) < Math.abs(best.index - sample.index) ? s : best,
    );
    ratios.push(sample[metric] / nearest[floorMetric]);
  }
  return summarize(ratios);
}

/** The report as sections (a heading line and a table, or lines), rendered as text or Markdown. */
function reportSections(results) {
  const { machine, profile: p } = results;
  const sections = [];
  sections.push({
    lines: [
      `Vault bench, ${results.startedAt.slice(0, 10)}: ${machine.cpus} cores (${machine.cpuModel}), Node ${machine.node}, ` +
        `Chromium ${machine.chromium}; CPU ${p.cpuSlowdown}x slower, ${p.latencyMs} ms latency, ${p.downloadMbps} Mbps down; ` +
        `cold cache; medians of ${results.loadsPerPage}+ loads (p25–p75).`,
      `Load average (1/5/15 min) at start ${machine.loadAverageAtStart.join(' / ')}, at end ${machine.loadAverageAtEnd.join(' / ')}` +
        `${machine.loadAverageAtStart[0] > machine.cpus ? ': a busy machine, timings are inflated and noisy' : ''}.`,
    ],
  });
  const ms = (s) => (s.median === null ? '-' : `${Math.round(s.median)} (${Math.round(s.p25)}–${Math.round(s.p75)})`);
  sections.push({
    title: 'Page loads: transferred gzip bytes and timings in ms, median (p25–p75)',
    headers: ['Page', 'Loads', 'JS gz', 'JS w/o mock', 'CSS gz', 'FCP ms', 'LCP ms', 'Load ms', 'CLS max'],
    rows: Object.values(results.pages).map((page) => [
      page.label,
      String(page.loads),
      formatKB(page.metrics.jsBytes.median ?? 0),
      formatKB(page.metrics.productJsBytes.median ?? 0),
      formatKB(page.metrics.cssBytes.median ?? 0),
      ms(page.metrics.fcp),
      ms(page.metrics.lcp),
      ms(page.metrics.load),
      page.metrics.cls.max === null ? '-' : page.metrics.cls.max.toFixed(3),
    ]),
  });

  const ratio = (s) => (s?.median ? `${s.median.toFixed(2)}x (${s.p25.toFixed(2)}–${s.p75.toFixed(2)})` : '-');
  const appPagesOnly = Object.entries(results.pages).filter(([id]) => !floors.some((f) => f.id === id));
  for (const floor of floors) {
    if (appPagesOnly.length === 0) continue;
    sections.push({
      title: `Ratios to ${floor.label}, each load against the nearest floor load: median (p25–p75)`,
      headers: ['Page', 'JS', 'JS w/o mock', 'CSS', 'FCP', 'LCP', 'Load'],
      rows: appPagesOnly.map(([, page]) => {
        const r = page.ratios[floor.id];
        return [page.label, ...['jsBytes', 'productJsBytes', 'cssBytes', 'fcp', 'lcp', 'load'].map((m) => ratio(r[m]))];
      }),
    });
  }

  const withGoals = appPagesOnly.filter(([, page]) => page.goal);
  if (withGoals.length > 0) {
    sections.push({
      title: 'Signed-in goals: first paint against floor B (docs/performance.md), and when a long table is complete',
      headers: ['Page', 'FCP ÷ floor', 'Goal', 'Met', 'Table complete ms'],
      rows: withGoals.map(([, page]) => {
        const { floor, metric, atMost } = page.goal;
        const r = page.ratios[floor]?.[metric];
        return [
          page.label,
          ratio(r),
          `≤ ${atMost}x ${floors.find((f) => f.id === floor)?.label ?? floor}`,
          r?.median ? (r.median <= atMost ? 'yes' : 'NO') : '-',
          page.table ? `${ms(page.metrics.tableAt)}, ${page.table.rows} rows of '${page.table.caption}'` : '-',
        ];
      }),
    });
  }

  const notes = [];
  for (const page of Object.values(results.pages)) {
    if (page.errors.length > 0) notes.push(`${page.label}: ${page.errors.length} failed loads (${page.errors[0]})`);
    const expected = page.label.startsWith('/') ? page.label : null;
    const off = expected ? page.finalPaths.filter((path) => path !== expected) : [];
    if (off.length > 0) notes.push(`${page.label}: ended on ${off.join(', ')} instead`);
    if (page.dataAt?.median != null)
      notes.push(`${page.label}: its declared first reads answered at ${ms(page.dataAt)} ms`);
    if (page.table && page.metrics.tableAt.missing > 0)
      notes.push(
        `${page.label}: the ${page.table.rows} rows of '${page.table.caption}' never showed in ${page.metrics.tableAt.missing} loads`,
      );
    if (page.readsMissing?.length > 0)
      notes.push(`${page.label}: declared first reads never requested: ${page.readsMissing.join(', ')}`);
    if (expected && page.signedIn && page.mockWorkerActive < page.loads) {
      notes.push(
        `${page.label}: the mock backend was not running in ${page.loads - page.mockWorkerActive} of ${page.loads} loads`,
      );
    }
  }
  if (notes.length > 0) sections.push({ title: 'Notes', lines: notes.map((note) => `- ${note}`) });

  if (results.interactions) {
    const i = results.interactions;
    sections.push({
      title: `Interactions (CPU ${p.cpuSlowdown}x slower): ms from the input event to the frame showing the result`,
      headers: ['Interaction', 'Tries', 'Median (p25–p75)', 'Note'],
      rows: [
        [
          'Ctrl+K to palette visible',
          String(i.paletteOpen.count),
          ms(i.paletteOpen),
          `/dashboard; first open ${ms(i.paletteOpen.first)} ms in ${i.paletteOpen.first.count} fresh load${i.paletteOpen.first.count === 1 ? '' : 's'}`,
        ],
        [
          'Typing a letter to list filtered',
          String(i.paletteType.count),
          ms(i.paletteType),
          `letter '${i.paletteType.letter}'`,
        ],
        [
          'Filter pill to list re-rendered',
          String(i.filterPill.count),
          ms(i.filterPill),
          'Renewable energy / All, /opportunities',
        ],
      ],
      lines: Object.entries(i.errors).map(([name, message]) => `- ${name} failed: ${message}`),
    });
  }
  if (results.modes) sections.push(modesSection(results.modes, p));
  return sections;
}

function printResults(results) {
  for (const section of reportSections(results)) {
    console.log('');
    if (section.title) console.log(section.title);
    if (section.headers) console.log(table(section.headers, section.rows));
    for (const line of section.lines ?? []) console.log(line);
  }
}

/** The same report in Markdown, for the README's Performance section. */
function resultsMarkdown(results) {
  const parts = [];
  for (const section of reportSections(results)) {
    if (section.title) parts.push(`**${section.title}**`);
    if (section.headers) parts.push(markdownTable(section.headers, section.rows));
    // Bullet lines stay one list; other lines are paragraphs of their own.
    if (section.lines?.length) parts.push(section.lines.join(section.lines[0].startsWith('- ') ? '\n' : '\n\n'));
  }
  return `${parts.join('\n\n')}\n`;
}
