// Reads a Vite build (dist folder) and works out which files a page needs before it can render,
// from the Vite manifest when the build wrote one, otherwise from index.html and the static
// imports inside the JS files. Deterministic: file contents only, no browser.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Libraries that must stay off the landing page, recognised by strings that survive minifying. */
export const forbiddenOnLanding = [
  { name: 'supabase-js', signatures: ['GoTrueClient', 'X-Client-Info', 'PostgrestClient'] },
  { name: 'cmdk', signatures: ['cmdk-list-sizer', 'cmdk-group-heading', 'cmdk-item-select'] },
];

/** Module paths inside node_modules that mark a forbidden library, when source maps name modules. */
export const forbiddenModules = {
  'supabase-js': /node_modules\/@supabase\//,
  cmdk: /node_modules\/cmdk\//,
};

/**
 * The modules a chunk was built from, from its source map (`file.js.map`), or null without one.
 * Module ids are exact where signatures are a guess, so they are preferred when present.
 */
export function chunkModules(distDir, file) {
  const mapFile = path.join(distDir, `${file}.map`);
  if (!existsSync(mapFile)) return null;
  try {
    const map = JSON.parse(readFileSync(mapFile, 'utf8'));
    return Array.isArray(map.sources) ? map.sources.map((source) => String(source).replace(/\\/g, '/')) : null;
  } catch {
    return null;
  }
}

/** The embedded mock backend (MSW): loaded only when no Supabase project is configured. */
const mockBackend = { modules: /(^|\/)mocks\/|node_modules\/(msw|@mswjs)\//, signatures: ['[MSW]'] };

/** Whether a chunk is the mock backend's rather than the product's. */
export function isMockBackend(chunk) {
  if (chunk.modules) return chunk.modules.length > 0 && chunk.modules.some((m) => mockBackend.modules.test(m));
  return mockBackend.signatures.some((signature) => chunk.text.includes(signature));
}

/**
 * React's development build, which only a build run with NODE_ENV=development holds (Vite keeps an
 * inherited NODE_ENV): registerInternalModuleStart is a DevTools hook only the development files call.
 */
const reactDevelopmentSignature = 'registerInternalModuleStart';

/** The JS chunks of a build that hold React's development build: a build to neither ship nor measure. */
export function developmentReactChunks(chunks) {
  return chunks.filter((chunk) => chunk.file.endsWith('.js') && chunk.text.includes(reactDevelopmentSignature));
}

/**
 * A readable origin for a chunk: the module its name comes from (Rolldown names a chunk after its
 * first module's file, or its folder for an index file), else the first module outside
 * node_modules, else the first package.
 */
export function describeChunk(file, modules) {
  if (!modules || modules.length === 0) return '';
  const name = path.posix
    .basename(file)
    .replace(/-[\w-]{8}\.js$/, '')
    .replace(/\.js$/, '');
  const clean = modules.map((m) => m.replace(/^(\.\.\/)+/, ''));
  const isNamed = (m) => {
    const base = path.posix.basename(m).replace(/\.[^.]+$/, '');
    return base === name || (base === 'index' && path.posix.basename(path.posix.dirname(m)) === name);
  };
  const ownModules = clean.filter((m) => !m.includes('node_modules/'));
  // 'index' names the entry chunk after index.html, not after a module.
  const named = name === 'index' ? undefined : (ownModules.find(isNamed) ?? clean.find(isNamed));
  const own =
    ownModules.find((m) => /(^|\/)src\/main\.[jt]sx?$/.test(m)) ??
    ownModules.find((m) => m.includes('/src/') && !m.includes('/src/index.')) ??
    ownModules[0];
  const pick = named ?? own ?? clean[0];
  const more = clean.length > 1 ? ` +${clean.length - 1}` : '';
  return `${pick.replace(/^.*node_modules\//, '')}${more}`;
}

/** Whether a chunk holds a forbidden library: by module ids when known, else by signature strings. */
export function holdsLibrary(chunk, library) {
  if (chunk.modules) return chunk.modules.some((module) => forbiddenModules[library.name].test(module));
  return library.signatures.some((signature) => chunk.text.includes(signature));
}

/** zlib gzip at level 9, as the budgets define it (servers compress at 6 or so; level 9 is the stable reference). */
export function gzipSize(buffer) {
  return gzipSync(buffer, { level: 9 }).length;
}

/** Reads dist/.vite/manifest.json (Vite's default place) or dist/manifest.json, or returns null. */
export function readManifest(distDir) {
  for (const candidate of ['.vite/manifest.json', 'manifest.json']) {
    const file = path.join(distDir, candidate);
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  }
  return null;
}

/** Asset URLs index.html loads up front: module scripts, modulepreloads and stylesheets. */
export function htmlAssets(html) {
  const js = [];
  const css = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name) => tag.match(new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i'))?.[1];
    if (/^<script/i.test(tag) && attr('src')) js.push(attr('src'));
    const rel = attr('rel')?.toLowerCase();
    if (rel === 'modulepreload' && attr('href')) js.push(attr('href'));
    if (rel === 'stylesheet' && attr('href')) css.push(attr('href'));
  }
  return { js, css };
}

/**
 * Static imports of a built ES module. Rolldown and Rollup hoist every static import to the top
 * of the chunk, so reading import statements from the start of the file (and stopping at the
 * first other statement) never mistakes an `import(` call or a string for one.
 */
export function staticImports(code) {
  const found = [];
  const statement =
    /^\s*(?:\/\*[\s\S]*?\*\/\s*|\/\/[^\n]*\n\s*)*(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?(["'])([^"']+)\1\s*;?/;
  let rest = code;
  for (;;) {
    const match = rest.match(statement);
    if (!match) break;
    found.push(match[2]);
    rest = rest.slice(match[0].length);
  }
  return found;
}

/** Turns an asset URL (from HTML or an import specifier) into a path relative to dist. */
function resolveAsset(fromFile, specifier) {
  const clean = specifier.split(/[?#]/)[0];
  if (clean.startsWith('/')) return clean.slice(1);
  return path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), clean));
}

/**
 * The dependency lists Vite embeds for each lazy import: `__vitePreload(() => import("./X.js"),
 * __vite__mapDeps([1,2]))`, the indices pointing into one array of file names. Maps the lazily
 * imported file to the files (JS and CSS) Vite loads with it.
 */
export function preloadDeps(code, fromFile) {
  const table = code.match(/__vite__mapDeps\s*=[\s\S]*?m\.f\s*=\s*(\[[^\]]*\])/)?.[1];
  const names = table ? JSON.parse(table) : [];
  const deps = new Map();
  const call = /import\(\s*(["'`])([^"'`]+)\1\s*\)\s*,\s*__vite__mapDeps\(\s*\[([\d,\s]*)\]/g;
  for (const match of code.matchAll(call)) {
    const indices = match[3].split(',').filter((s) => s.trim() !== '');
    deps.set(resolveAsset(fromFile, match[2]), indices.map((i) => names[Number(i)]).filter(Boolean));
  }
  return deps;
}

/**
 * Every file a route needs before it renders, for a build, in the order found.
 * `lazyEntryPattern` picks the lazily loaded chunk of that route's screen (the landing screen for
 * '/'); its files count as initial because the router fetches them before the first render.
 */
export function initialFiles(distDir, { lazyEntryPattern } = {}) {
  const manifest = readManifest(distDir);
  const result = manifest ? fromManifest(manifest, lazyEntryPattern) : fromHtml(distDir, lazyEntryPattern);
  return { ...result, hasManifest: manifest !== null };
}

function fromManifest(manifest, lazyEntryPattern) {
  const js = new Set();
  const css = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('The Vite manifest names no entry');
  visit(entryKey);
  const lazyKeys = lazyEntryPattern
    ? Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry && lazyEntryPattern.test(key))
    : [];
  for (const key of lazyKeys) visit(key);
  return { js: [...js], css: [...css], lazyEntries: lazyKeys.map((key) => manifest[key].file), via: 'manifest' };
}

function fromHtml(distDir, lazyEntryPattern) {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const start = htmlAssets(html);
  const js = new Set();
  const css = new Set(start.css.map((href) => resolveAsset('index.html', href)));
  const lazyDeps = new Map();
  const visit = (file) => {
    if (js.has(file) || !existsSync(path.join(distDir, file))) return;
    js.add(file);
    const code = readFileSync(path.join(distDir, file), 'utf8');
    for (const [target, deps] of preloadDeps(code, file)) lazyDeps.set(target, deps);
    for (const specifier of staticImports(code)) {
      const target = resolveAsset(file, specifier);
      if (target.endsWith('.css')) css.add(target);
      else visit(target);
    }
  };
  for (const src of start.js) visit(resolveAsset('index.html', src));
  // A lazy chunk is the landing screen's when its name or (with source maps) a module in it matches.
  const lazyEntries = lazyEntryPattern
    ? [...lazyDeps.keys()].filter(
        (file) =>
          lazyEntryPattern.test(path.posix.basename(file)) ||
          (chunkModules(distDir, file) ?? []).some((module) => lazyEntryPattern.test(module)),
      )
    : [];
  for (const file of lazyEntries) {
    for (const dep of lazyDeps.get(file) ?? []) {
      if (dep.endsWith('.css')) css.add(dep);
      else visit(dep);
    }
    visit(file);
  }
  return { js: [...js], css: [...css], lazyEntries, via: 'html' };
}

/** Every JS chunk of the build with its gzip size, and whether Vite marked it a lazy entry. */
export function allChunks(distDir) {
  const manifest = readManifest(distDir);
  const lazyEntries = new Map();
  if (manifest) {
    for (const [key, chunk] of Object.entries(manifest)) {
      if (chunk.isDynamicEntry) lazyEntries.set(chunk.file, key);
    }
  } else {
    // Without a manifest a lazy entry is any file some chunk loads through import() (minified
    // output quotes the specifier with backticks).
    for (const file of listFiles(distDir).filter((f) => f.endsWith('.js'))) {
      const code = readFileSync(path.join(distDir, file), 'utf8');
      for (const match of code.matchAll(/import\(\s*(["'`])([^"'`]+\.js)\1\s*\)/g)) {
        lazyEntries.set(resolveAsset(file, match[2]), resolveAsset(file, match[2]));
      }
    }
  }
  // Vite writes its chunks under build.assetsDir ('assets'); files at the top come from public/
  // (the service worker scripts) and are not chunks.
  return listFiles(distDir)
    .filter((file) => file.startsWith('assets/') && (file.endsWith('.js') || file.endsWith('.css')))
    .map((file) => {
      const bytes = readFileSync(path.join(distDir, file));
      return {
        file,
        source: lazyEntries.get(file) ?? null,
        lazyEntry: lazyEntries.has(file),
        bytes: bytes.length,
        gzip: gzipSize(bytes),
        text: bytes.toString('utf8'),
        modules: file.endsWith('.js') ? chunkModules(distDir, file) : null,
      };
    });
}

/** Files under dist, relative, with forward slashes; skips Vite's own .vite folder. */
export function listFiles(distDir, sub = '') {
  const out = [];
  for (const entry of readdirSync(path.join(distDir, sub), { withFileTypes: true })) {
    const rel = sub ? `${sub}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') out.push(...listFiles(distDir, rel));
    } else out.push(rel);
  }
  return out;
}
