#!/usr/bin/env node
// Size budgets for the built app (docs/performance.md): a deterministic check of file contents, no timing.
//   node packages/app/bench/budgets.mjs [--no-build] [--dist DIR] [--landing REGEX] [--json FILE]
// Builds the app first when packages/app/dist is missing (unless --no-build). Exits 1 on a breach.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { bytesByPackage } from './lib/attribution.mjs';
import {
  allChunks,
  describeChunk,
  developmentReactChunks,
  forbiddenOnLanding,
  holdsLibrary,
  initialFiles,
  isMockBackend,
  readManifest,
} from './lib/chunks.mjs';
import { formatKB, table } from './lib/format.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '../../..');

/**
 * Budgets in bytes of gzip (level 9); 1 KB = 1000 bytes (docs/performance.md). The landing CSS budget
 * is tight because the first paint waits for that file: it keeps Radix's stylesheet split.
 */
export const budgets = {
  landingJs: 120_000,
  landingCss: 35_000,
  lazyChunk: 60_000,
};

/** The prerendered pages (packages/app/src/boot/prerender/pages.ts) and whether each holds a form. */
const prerenderedPages = [
  { file: 'index.html', form: true },
  { file: 'login/index.html', form: true },
  { file: 'admin/login/index.html', form: true },
  { file: 'register/index.html', form: true },
  { file: 'welcome/index.html', form: false },
  { file: '404.html', form: false },
];

/**
 * The charts' drawings (docs/decisions.md (26)): each loaded by import() from its wrapper, so only
 * a screen that draws that chart fetches it. Named by source path as the manifest and maps write it.
 */
const chartModules = [
  { name: 'BarChartView', module: /(^|\/)ui\/src\/BarChart\/BarChartView\.tsx$/ },
  { name: 'LineChartView', module: /(^|\/)ui\/src\/LineChart\/LineChartView\.tsx$/ },
];

const { values: options } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    dist: { type: 'string', default: path.join(repoRoot, 'packages/app/dist') },
    // The landing screen's lazy chunk is fetched before '/' first renders, so it counts as initial.
    landing: { type: 'string', default: '(^|/)landing(/|[-.])' },
    json: { type: 'string' },
  },
});

const distDir = path.resolve(options.dist);
if (!existsSync(path.join(distDir, 'index.html'))) {
  if (options['no-build']) {
    console.error(`No build at ${distDir} (index.html missing) and --no-build was given.`);
    process.exit(2);
  }
  console.log('No app build found: running `npm run build` first.');
  const built = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 2);
}

const report = checkBudgets(distDir, new RegExp(options.landing, 'i'));
printReport(report);
if (options.json) {
  mkdirSync(path.dirname(path.resolve(options.json)), { recursive: true });
  writeFileSync(options.json, `${JSON.stringify(report, null, 2)}\n`);
}
process.exit(report.breaches.length > 0 ? 1 : 0);

function checkBudgets(dist, landingPattern) {
  const initial = initialFiles(dist, { lazyEntryPattern: landingPattern });
  const chunks = allChunks(dist);
  const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]));
  const pick = (files) => files.map((file) => byFile.get(file)).filter(Boolean);
  const initialJs = pick(initial.js);
  const initialCss = pick(initial.css);
  const sum = (list) => list.reduce((total, chunk) => total + chunk.gzip, 0);

  const breaches = [];
  // The public pages are prerendered (scripts/prerender.mjs): each file holds its page's content,
  // and the sign-in pages their form, before any script runs.
  const prerendered = prerenderedPages.map(({ file, form }) => {
    const html = existsSync(path.join(dist, file)) ? readFileSync(path.join(dist, file), 'utf8') : null;
    const problems = [];
    if (html === null) problems.push('missing');
    else {
      if (!html.includes('data-prerendered=')) problems.push('not prerendered');
      if (!/<h1[\s>]/.test(html)) problems.push('no <h1>');
      if (form && !/<form[\s>]/.test(html)) problems.push('no <form>');
    }
    if (problems.length > 0) breaches.push(`Prerendered page ${file}: ${problems.join(', ')}`);
    return { file, form, ok: problems.length === 0, problems };
  });
  const development = developmentReactChunks(chunks).map((chunk) => chunk.file);
  if (development.length > 0) {
    breaches.push(`React's development build is in ${development.join(', ')}: build without NODE_ENV=development`);
  }
  const landingJs = sum(initialJs);
  const landingCss = sum(initialCss);
  const biggest = (list) => [...list].sort((a, b) => b.gzip - a.gzip)[0]?.file ?? '-';
  if (landingJs > budgets.landingJs) {
    breaches.push(
      `Landing initial JS ${formatKB(landingJs)} > ${formatKB(budgets.landingJs)} (largest: ${biggest(initialJs)})`,
    );
  }
  if (landingCss > budgets.landingCss) {
    breaches.push(
      `Landing initial CSS ${formatKB(landingCss)} > ${formatKB(budgets.landingCss)} (largest: ${biggest(initialCss)})`,
    );
  }
  const forbidden = forbiddenOnLanding.map((library) => {
    const holders = initialJs.filter((chunk) => holdsLibrary(chunk, library));
    const { name } = library;
    if (holders.length > 0)
      breaches.push(`${name} is on the landing page, in ${holders.map((c) => c.file).join(', ')}`);
    return {
      name,
      chunks: holders.map((chunk) => chunk.file),
      detectedBy: initialJs.every((c) => c.modules) ? 'source maps' : 'signatures',
    };
  });

  // Every JS chunk the landing page does not load is loaded by some route later: each one alone
  // must stay under the route budget, whether Vite made it a route's entry or a shared piece.
  // The embedded mock backend is the exception: it is no route's code, and a build against a real
  // Supabase project does not contain it. It is listed, not judged.
  const initialSet = new Set(initial.js);
  const lazyChunks = chunks
    .filter((chunk) => chunk.file.endsWith('.js') && !initialSet.has(chunk.file))
    .sort((a, b) => b.gzip - a.gzip)
    .map((chunk) => {
      const kind = isMockBackend(chunk) ? 'mock backend' : chunk.lazyEntry ? 'lazy entry' : 'shared';
      // A big chunk is named by what fills it too: its name may come from a small module.
      const largest = chunk.gzip > 10_000 ? bytesByPackage(dist, chunk.file)?.[0] : undefined;
      const origin = describeChunk(chunk.file, chunk.modules) || (chunk.source !== chunk.file ? chunk.source : '');
      return {
        file: chunk.file,
        source: largest && !origin.startsWith(largest.name) ? `${origin}; mostly ${largest.name}` : origin,
        kind,
        gzip: chunk.gzip,
        bytes: chunk.bytes,
        over: kind !== 'mock backend' && chunk.gzip > budgets.lazyChunk,
      };
    });
  for (const chunk of lazyChunks.filter((c) => c.over)) {
    breaches.push(
      `Chunk ${chunk.file}${chunk.source ? ` (${chunk.source})` : ''} ${formatKB(chunk.gzip)} > ${formatKB(budgets.lazyChunk)}`,
    );
  }

  const charts = chartModules.map(({ name, module }) => ({
    name,
    ...chartIsolation(dist, chunks, new Set(initial.js), module, name),
  }));
  for (const chart of charts)
    for (const problem of chart.problems) breaches.push(`Chart drawing (${chart.name}): ${problem}`);

  // Explains the landing JS by package (from source maps), so a breach points at its cause.
  const landingPackages = new Map();
  for (const chunk of initialJs) {
    for (const { name, bytes } of bytesByPackage(dist, chunk.file) ?? []) {
      landingPackages.set(name, (landingPackages.get(name) ?? 0) + bytes);
    }
  }

  return {
    dist,
    via: initial.via,
    hasManifest: initial.hasManifest,
    landingLazyEntries: initial.lazyEntries,
    budgets,
    landing: {
      js: {
        gzip: landingJs,
        files: initialJs.map(({ file, gzip, bytes, modules }) => ({
          file,
          source: describeChunk(file, modules),
          gzip,
          bytes,
        })),
      },
      css: { gzip: landingCss, files: initialCss.map(({ file, gzip, bytes }) => ({ file, source: '', gzip, bytes })) },
      forbidden,
      packages: [...landingPackages.entries()]
        .map(([name, bytes]) => ({ name, bytes }))
        .sort((a, b) => b.bytes - a.bytes),
    },
    lazyChunks,
    prerendered,
    charts,
    developmentReact: development,
    breaches,
  };
}

/**
 * Whether the chart's drawing adds nothing to the JavaScript of a screen that draws no chart: its
 * module in one chunk of its own (source maps), that chunk a lazy entry that no chunk imports
 * statically (manifest), and not among the landing page's initial files.
 */
function chartIsolation(dist, chunks, initialJs, chartModule, name) {
  const manifest = readManifest(dist);
  const problems = [];
  if (!manifest) return { file: null, gzip: null, problems: ['the build has no Vite manifest to check it with'] };
  const entries = Object.entries(manifest).filter(([key, entry]) => chartModule.test(entry.src ?? key));
  if (entries.length !== 1) {
    return {
      file: null,
      gzip: null,
      problems: [`the manifest names ${entries.length} chunks for it (${name}.tsx moved? update chartModules)`],
    };
  }
  const [[chartKey, chartEntry]] = entries;
  const file = chartEntry.file;
  if (!chartEntry.isDynamicEntry) problems.push(`${file} is not a lazy entry: a static import pulls it in`);
  const staticImporters = Object.entries(manifest)
    .filter(([, entry]) => (entry.imports ?? []).includes(chartKey))
    .map(([key]) => key);
  if (staticImporters.length > 0) {
    problems.push(`${file} is imported statically by ${staticImporters.join(', ')}: only import() may load it`);
  }
  if (initialJs.has(file)) problems.push(`${file} is among the landing page's initial files`);
  const chartChunk = chunks.find((chunk) => chunk.file === file);
  if (chartChunk?.modules) {
    const others = chartChunk.modules.filter((module) => !chartModule.test(module));
    if (others.length > 0) problems.push(`${file} also holds ${others.join(', ')}, which other screens then fetch`);
    const copies = chunks.filter((chunk) => chunk.file !== file && chunk.modules?.some((m) => chartModule.test(m)));
    if (copies.length > 0) problems.push(`it is also bundled into ${copies.map((c) => c.file).join(', ')}`);
  }
  return { file, gzip: chartChunk?.gzip ?? null, problems };
}

function printReport(report) {
  const status = (ok) => (ok ? 'ok' : 'OVER');
  console.log(
    `\nSize budgets for ${path.relative(repoRoot, report.dist) || report.dist} (gzip level 9, 1 KB = 1000 B)`,
  );
  console.log(
    report.hasManifest
      ? 'Initial files from the Vite manifest.'
      : 'No Vite manifest (build.manifest is off): initial files from index.html and static imports.',
  );
  console.log(
    report.landingLazyEntries.length > 0
      ? `Landing screen chunk counted as initial: ${report.landingLazyEntries.join(', ')}`
      : 'No lazy landing-screen chunk found (the landing screen is in the entry, or --landing does not match).',
  );
  const { landing } = report;
  const largestJudged = report.lazyChunks.find((chunk) => chunk.kind !== 'mock backend');
  console.log(
    table(
      ['Budget', 'Actual', 'Limit', 'Status'],
      [
        [
          'Landing initial JS',
          formatKB(landing.js.gzip),
          formatKB(budgets.landingJs),
          status(landing.js.gzip <= budgets.landingJs),
        ],
        [
          'Landing initial CSS',
          formatKB(landing.css.gzip),
          formatKB(budgets.landingCss),
          status(landing.css.gzip <= budgets.landingCss),
        ],
        ...landing.forbidden.map(({ name, chunks }) => [
          `${name} on landing`,
          chunks.length > 0 ? `in ${chunks.join(', ')}` : 'absent',
          'absent',
          chunks.length > 0 ? 'PRESENT' : 'ok',
        ]),
        [
          'Prerendered public pages',
          report.prerendered
            .filter((page) => !page.ok)
            .map((page) => `${page.file}: ${page.problems.join(', ')}`)
            .join('; ') ||
            `${report.prerendered.length} pages with content${report.prerendered.some((p) => p.form) ? ' and forms' : ''}`,
          'all',
          status(report.prerendered.every((page) => page.ok)),
        ],
        ...report.charts.map((chart) => [
          `Chart drawing (${chart.name}), own lazy chunk`,
          chart.problems.length > 0
            ? chart.problems.join('; ')
            : `${chart.file} (${formatKB(chart.gzip ?? 0)}), import() only`,
          'import() only',
          status(chart.problems.length === 0),
        ]),
        [
          'React build',
          report.developmentReact.length > 0 ? `development, in ${report.developmentReact.join(', ')}` : 'production',
          'production',
          status(report.developmentReact.length === 0),
        ],
        [
          'Largest route/lazy chunk',
          largestJudged ? `${formatKB(largestJudged.gzip)} ${largestJudged.file}` : '-',
          formatKB(budgets.lazyChunk),
          status(!report.lazyChunks.some((chunk) => chunk.over)),
        ],
      ],
    ),
  );
  console.log('\nLanding page initial files');
  console.log(
    table(
      ['File', 'Source', 'Raw', 'Gzip'],
      [...landing.js.files, ...landing.css.files].map((f) => [f.file, f.source, formatKB(f.bytes), formatKB(f.gzip)]),
    ),
  );
  if (landing.packages.length > 0) {
    const total = landing.packages.reduce((sum, p) => sum + p.bytes, 0);
    console.log('\nLanding initial JS by package (minified bytes before gzip, from source maps; top 15)');
    console.log(
      table(
        ['Package or folder', 'Raw', 'Share'],
        landing.packages
          .slice(0, 15)
          .map((p) => [p.name, formatKB(p.bytes), `${((100 * p.bytes) / total).toFixed(1)}%`]),
      ),
    );
  }
  console.log('\nLazily loaded JS chunks (each <= 60 KB gz; the mock backend is listed, not judged)');
  console.log(
    table(
      ['File', 'Source', 'Kind', 'Gzip', 'Status'],
      report.lazyChunks.map((c) => [c.file, c.source ?? '', c.kind, formatKB(c.gzip), status(!c.over)]),
    ),
  );
  if (report.breaches.length > 0) {
    console.log(`\nBudget breaches (${report.breaches.length}):`);
    for (const breach of report.breaches) console.log(`  - ${breach}`);
  } else {
    console.log('\nAll size budgets hold.');
  }
}
