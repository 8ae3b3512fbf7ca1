#!/usr/bin/env node
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
// The build's prerender step (run by `npm run build` after `vite build`): builds the public pages'
// render entry (src/boot/prerender/entry.tsx) for Node with the same Vite config, renders each page of
// src/boot/prerender/pages.ts as a signed-out visitor's first frame, and writes it into the built
// index.html template: the page's HTML inside #root, its title, the inline script and style that
// run before the first paint (with, for a stored session, the files of the signed-in first screen
// it leads to: src/boot/prerender/firstScreen.ts), and links that fetch the page's screen chunk and its CSS at once.
// main.tsx then hydrates that HTML. Fails the build when a page cannot be prerendered.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const require = createRequire(import.meta.url);
const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(appDir, 'dist');
const ssrDir = path.join(appDir, '../../node_modules/.cache/vault-prerender');

const started = Date.now();
rmSync(ssrDir, { recursive: true, force: true });
await build({
  root: appDir,
  configFile: path.join(appDir, 'vite.config.ts'),
  logLevel: 'warn',
  build: {
    ssr: 'src/boot/prerender/entry.tsx',
    outDir: ssrDir,
    emptyOutDir: true,
    sourcemap: false,
    copyPublicDir: false,
    manifest: false,
  },
});
const entryFile = readdirSync(ssrDir).find((file) => /^entry\.m?js$/.test(file));
if (!entryFile) throw new Error(`[prerender] The SSR build wrote no entry.js in ${ssrDir}`);
const entry = await import(pathToFileURL(path.join(ssrDir, entryFile)).href);

const template = readFileSync(path.join(distDir, 'index.html'), 'utf8');
if (template.includes('data-prerendered')) {
  throw new Error('[prerender] dist/index.html is already prerendered: run `vite build` before this step.');
}
const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The JS and CSS files a lazy chunk (by its manifest key) needs that index.html does not load already. */
function chunkAssets(key) {
  if (!manifest[key]) throw new Error(`[prerender] No chunk for ${key} in the Vite manifest`);
  const js = new Set();
  const css = new Set();
  const visit = (id) => {
    const chunk = manifest[id];
    if (!chunk || js.has(chunk.file) || chunk.isEntry) return;
    if (chunk.file.endsWith('.css')) css.add(chunk.file);
    else js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  const notInTemplate = (file) => !template.includes(`/${file}"`);
  return { js: [...js].filter(notInTemplate), css: [...css].filter(notInTemplate) };
}

const screenAssets = (screen) => chunkAssets(entry.screenSource(screen));

// The signed-in shell as router/routes.tsx loads it: the layout's chunk, and what of Radix Themes
// the prerendered pages leave out (src/boot/deferredStyles.ts): the other component styles, all the
// utilities, the other colours.
const deferredStyleSources = ['/components.css?part=rest', '/themes/utilities.css', '/radix-colors-rest.css'];
const deferredStyles = deferredStyleSources.map((source) => {
  const keys = Object.keys(manifest).filter((key) => key.endsWith(source));
  if (keys.length !== 1) throw new Error(`[prerender] No single ${source} in the Vite manifest`);
  return keys[0];
});
// The command palette's dialog (cmdk) too: Root mounts it, closed, soon after the first render, and a
// Ctrl+K then only opens it.
const paletteDialog = Object.keys(manifest).filter((key) => key.endsWith('/CommandPalette/PaletteDialog.tsx'));
if (paletteDialog.length !== 1)
  throw new Error('[prerender] No single CommandPalette/PaletteDialog.tsx in the Vite manifest');
const shellAssets = [
  chunkAssets('src/shell/ShellLayout.tsx'),
  ...deferredStyles.map(chunkAssets),
  ...paletteDialog.map(chunkAssets),
];

/**
 * The files of a signed-in first screen, for the inline script to fetch while the entry runs
 * (src/boot/prerender/firstScreen.ts): styles first, then the shell's code, then the screen's.
 */
function firstScreenFiles(screen) {
  const parts = [...shellAssets, screenAssets(screen)];
  return [...new Set([...parts.flatMap((p) => p.css), ...parts.flatMap((p) => p.js)])];
}
const prerenderedPaths = entry.prerenderedPages.map((p) => p.path);

function page(pagePath, isNotFound, rendered) {
  const pageKey = isNotFound ? null : pagePath;
  const head = [
    `<style>${entry.inlineStyle}</style>`,
    `<script>${entry.inlineScript(pageKey, entry.firstScreenPreload(pageKey, prerenderedPaths, firstScreenFiles), isNotFound)}</script>`,
  ].join('\n    ');
  const assets = rendered.screen ? screenAssets(rendered.screen) : { js: [], css: [] };
  const links = [
    ...assets.css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...assets.js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    // The 404 page stands in for the signed-in routes: it carries the shell frame, shown to a
    // visitor with a stored session (src/boot/inlineScript.ts, SHELL_FRAME_ATTRIBUTE).
    ...(isNotFound ? [`<script>${entry.shellFrameStylesScript}</script>`] : []),
  ].join('\n    ');
  const frame = isNotFound
    ? `\n    <template id="${entry.SHELL_FRAME_TEMPLATE_ID}">${shellFrame}</template>\n    <script>${entry.shellFrameScript}</script>`
    : '';
  let html = template
    .replace(/<meta charset="UTF-8" \/>/i, (meta) => `${meta}\n    ${head}`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(entry.documentTitle(pagePath))}</title>`)
    .replace('</head>', `  ${links}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root" data-prerendered="${escapeHtml(pagePath)}">${rendered.html}</div>${frame}`,
    );
  if (!html.includes('data-prerendered') || !html.includes(entry.CLIENT_RENDER_ATTRIBUTE)) {
    throw new Error('[prerender] index.html has no <div id="root"></div> or <meta charset> to fill in');
  }
  if (!/<h1[\s>]/.test(rendered.html)) throw new Error(`[prerender] ${pagePath} rendered no <h1>`);
  // The page's first CSS holds only the Radix components of src/boot/styleSplit.ts.
  const landing = new Set(entry.landingComponents);
  const missing = [...new Set([...rendered.html.matchAll(/\brt-([A-Z][A-Za-z]*)/g)].map((m) => m[1]))].filter(
    (name) => styledComponents.has(name) && !landing.has(name),
  );
  if (missing.length > 0) {
    throw new Error(
      `[prerender] ${pagePath} renders Radix components whose styles are not in the first page's CSS: ` +
        `${missing.join(', ')}. Add them to landingComponents in src/boot/styleSplit.ts.`,
    );
  }
  // Its utility classes and colours too (src/boot/styleSplit.ts, src/radix-themes.css).
  const classNames = [...rendered.html.matchAll(/\bclass="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/));
  const missingUtilities = entry.utilitiesMissingFromLanding(classNames, radixUtilities);
  if (missingUtilities.length > 0) {
    throw new Error(
      `[prerender] ${pagePath} uses Radix utility classes that are not in the first page's CSS: ` +
        `${missingUtilities.join(', ')}. Add their families to landingUtilities in src/boot/styleSplit.ts.`,
    );
  }
  const missingColors = [
    ...new Set([...rendered.html.matchAll(/data-(?:accent|gray)-color="(\w+)"/g)].map((m) => m[1])),
  ].filter((color) => !landingColors.has(color));
  if (missingColors.length > 0) {
    throw new Error(
      `[prerender] ${pagePath} uses Radix colours whose scales are not in the first page's CSS: ` +
        `${missingColors.join(', ')}. Move their imports from src/boot/radix-colors-rest.css to src/radix-themes.css.`,
    );
  }
  if (!isNotFound) {
    // The page paints from its HTML and CSS: its scripts (the entry and its screen's chunks, for
    // hydration) move from <head> into an inert <template> after #root, and the script after it
    // links them once the stylesheet has loaded (src/boot/inlineScript.ts, appScriptsScript).
    // The 404 page keeps them in <head>: it stands in for the app's own routes, which they render.
    const scripts = [];
    html = html.replace(/\s*(<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)/g, (_, tag) => {
      scripts.push(tag);
      return '';
    });
    if (!scripts.some((tag) => tag.startsWith('<script')))
      throw new Error(`[prerender] ${pagePath} has no entry script`);
    html = html.replace(
      '</body>',
      `  <template id="${entry.APP_SCRIPTS_TEMPLATE_ID}">${scripts.join('')}</template>\n    <script>${entry.appScriptsScript}</script>\n  </body>`,
    );
  }
  html = html.replace(/\n\s*\n/g, '\n');
  return html;
}

/** Radix's utility classes, and the colour scales the first page's CSS imports (src/radix-themes.css). */
const radixUtilities = readFileSync(require.resolve('@radix-ui/themes/utilities.css'), 'utf8');
const landingColors = new Set(
  [...readFileSync(path.join(appDir, 'src/radix-themes.css'), 'utf8').matchAll(/tokens\/colors\/(\w+)\.css/g)].map(
    (m) => m[1],
  ),
);

/** The Radix components that have styles of their own in components.css. */
const styledComponents = new Set(
  [...readFileSync(require.resolve('@radix-ui/themes/components.css'), 'utf8').matchAll(/\.rt-([A-Z][A-Za-z]*)/g)].map(
    (m) => m[1],
  ),
);

// The signed-in layout without anyone's data (src/shell/ShellFrame.tsx), for the 404 page.
const shellFrame = entry.renderShellFrame();
for (const part of ['<header', '<nav', 'id="main-content"', '<footer']) {
  if (!shellFrame.includes(part)) throw new Error(`[prerender] The shell frame has no ${part}`);
}

const written = [];
for (const { path: pagePath, file } of [...entry.prerenderedPages, entry.notFoundPage]) {
  const isNotFound = pagePath === entry.notFoundPage.path;
  const rendered = await entry.render(pagePath);
  const target = path.join(distDir, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, page(pagePath, isNotFound, rendered));
  written.push(`${file} (${pagePath}, ${Math.round(rendered.html.length / 100) / 10} KB of HTML)`);
}
written.push(`the shell frame in 404.html (${Math.round(shellFrame.length / 100) / 10} KB of HTML)`);
console.log(
  `[prerender] ${written.length - 1} pages in ${((Date.now() - started) / 1000).toFixed(1)} s: ${written.join(', ')}`,
);
