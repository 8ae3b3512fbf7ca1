import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig, loadEnv, type Plugin } from 'vite';
import { databaseImagePlugin } from './scripts/databaseImage.ts';
import { type RadixComponentsPart, radixComponentsPart, radixLandingUtilities } from './src/boot/styleSplit.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/**
 * A module or folder the chunk groups name, resolved now: a file that moved or a package that is
 * gone stops the build here, instead of silently changing what goes in which chunk.
 */
function mustExist(file: string): string {
  if (!existsSync(file)) throw new Error(`vite.config.ts: chunk groups name ${file}, which does not exist`);
  return file.split(path.sep).join('/');
}
/** A file or folder of the app, of a workspace package, or of an npm package (by its own name). */
const appModule = (relative: string) => mustExist(path.join(here, 'src', relative));
const workspaceFolder = (relative: string) => `${mustExist(path.join(here, '..', relative))}/`;
const packageFolder = (name: string) => `${path.dirname(mustExist(require.resolve(`${name}/package.json`)))}/`;
const radixThemesFile = (relative: string) =>
  mustExist(path.join(path.dirname(require.resolve('@radix-ui/themes/package.json')), relative));

/** Module ids as Rolldown gives them (absolute, maybe with a query), compared without the query. */
const clean = (id: string) => id.split('?', 1)[0]?.split(path.sep).join('/') ?? id;
const inFolders = (folders: string[]) => (id: string) => folders.some((folder) => clean(id).startsWith(folder));
const isOneOf = (files: string[]) => (id: string) => files.includes(clean(id));

// What the landing screen imports besides itself: '/' needs it all, so it is one chunk.
const landingModules = [
  appModule('components/SignInForm.tsx'),
  appModule('components/DemoAccounts.tsx'),
  appModule('components/Field.tsx'),
  appModule('shell/Logo.tsx'),
  radixThemesFile('dist/esm/components/container.js'),
  radixThemesFile('dist/esm/components/grid.js'),
  radixThemesFile('dist/esm/helpers/get-subtree.js'),
];
// supabase-js (every package of its scope) and the app's calls through it.
const backendFolders = [
  path.dirname(packageFolder('@supabase/supabase-js').slice(0, -1)).concat('/'),
  `${mustExist(path.join(here, 'src/backend'))}/`,
];
// The screens' data layer (src/data) loads supabase-js with its first request, so the screens
// paint without waiting for it.
const isBackend = inFolders(backendFolders);
// The backend contract of the domain (tables, errors, rpc), read by the app's backend code and by
// the embedded mock; and the mock with its sample rows, which no screen reads.
const domainBackend = `${mustExist(path.join(here, '../domain/src/backend'))}/`;
const domainSample = `${mustExist(path.join(here, '../domain/src/backend/sample'))}/`;
const isMock = inFolders([`${mustExist(path.join(here, '../../mocks'))}/`, domainSample]);
const isBackendContract = (id: string) => inFolders([domainBackend])(id) && !isMock(id);
const paletteDialog = mustExist(path.join(here, '../ui/src/CommandPalette/PaletteDialog.tsx'));
// The charts' drawings: BarChart and LineChart load theirs on first render, so only the screens
// that draw one fetch it.
const barChartView = mustExist(path.join(here, '../ui/src/BarChart/BarChartView.tsx'));
const lineChartView = mustExist(path.join(here, '../ui/src/LineChart/LineChartView.tsx'));
// What the screens share: the design system (but the palette's dialog, which loads with cmdk on
// first use, and the charts), Radix components, the domain and the app's shared parts.
const sharedFolders = [
  workspaceFolder('ui/src'),
  workspaceFolder('domain/src'),
  `${mustExist(path.join(here, 'src/components'))}/`,
  `${mustExist(path.join(here, 'src/display'))}/`,
  `${mustExist(path.join(here, 'src/storage'))}/`,
  mustExist(path.join(here, 'src/telemetry.ts')),
  path.dirname(packageFolder('@radix-ui/themes').slice(0, -1)).concat('/'),
];
// Stylesheets keep their own chunks: the rest of Radix's component styles (src/boot/deferredStyles.ts)
// loads with the shell, not with every screen that shares this chunk (the registration page).
const isShared = (id: string) =>
  inFolders(sharedFolders)(id) &&
  clean(id) !== paletteDialog &&
  clean(id) !== barChartView &&
  clean(id) !== lineChartView &&
  !clean(id).endsWith('.css');

/**
 * `vite preview` serves the build as a static host would: `/login` from `login/index.html` (a
 * prerendered page), and any other path without a file from `404.html`, whose inline script lets
 * the app render its own routes there (src/boot/inlineScript.ts). The bench and the e2e
 * journeys run against this server.
 */
function prerenderedPages(): Plugin {
  return {
    name: 'vault:prerendered-pages',
    configurePreviewServer(server) {
      const outDir = path.resolve(here, server.config.build.outDir);
      server.middlewares.use((request, _response, next) => {
        const accept = request.headers.accept ?? '';
        if (request.method !== 'GET' && request.method !== 'HEAD') return next();
        if (!accept.includes('text/html') && !accept.includes('*/*')) return next();
        const [pathname = '/', query] = (request.url ?? '/').split('?', 2);
        let decoded: string;
        try {
          decoded = decodeURIComponent(pathname);
        } catch {
          return next();
        }
        const file = path.join(outDir, path.normalize(decoded));
        if (!file.startsWith(outDir) || (existsSync(file) && statSync(file).isFile())) return next();
        const suffix = query === undefined ? '' : `?${query}`;
        const page = path.join(file, 'index.html');
        if (existsSync(page)) request.url = `${path.posix.join(decoded, 'index.html')}${suffix}`;
        else if (path.extname(decoded) === '' && existsSync(path.join(outDir, '404.html')))
          request.url = `/404.html${suffix}`;
        next();
      });
    },
  };
}

/**
 * Radix Themes' <Theme> wraps the app in Tooltip.Provider, which imports the whole tooltip (popper,
 * floating-ui, dismissable layer) into the landing page's JS, for a component Vault does not use. The provider is swapped for a pass-through at build time. A screen that adds a Radix
 * Tooltip must wrap it in its own Tooltip.Provider (Radix then says so at once, it does not fail
 * silently). When a Radix update changes the import, the build stops here.
 */
function themeWithoutTooltipProvider(): Plugin {
  const themeModule = radixThemesFile('dist/esm/components/theme.js');
  return {
    name: 'vault:theme-without-tooltip-provider',
    enforce: 'pre',
    transform(code, id) {
      if (clean(id) !== themeModule) return null;
      const imported = code.match(/import\{([^}]*)\}from"radix-ui";/);
      const tooltip = imported?.[1]?.split(',').find((name) => /^Tooltip as \w+$/.test(name.trim()));
      if (!imported || !tooltip)
        throw new Error(`vite.config.ts: ${themeModule} no longer imports Tooltip from radix-ui`);
      const local = tooltip.trim().replace('Tooltip as ', '');
      const rest = imported[1]?.split(',').filter((name) => name !== tooltip) ?? [];
      return code.replace(
        imported[0],
        `import{${rest.join(',')}}from"radix-ui";const ${local}={Provider:(props)=>props.children};`,
      );
    },
  };
}

/**
 * Radix Themes' CSS in two steps (src/boot/styleSplit.ts): `components.css?part=landing` is the
 * components the prerendered pages use (in the first page's CSS), `?part=rest` the others (with the
 * shell and the other screens); `utilities.css?part=landing` the utility families the prerendered
 * pages use, `utilities.css` all of them (once the app runs). Components and utilities go in cascade
 * layers, declared in that order in src/radix-themes.css, so the rest's rules, arriving later, still
 * give way to the utility classes (`p="4"`) as in Radix's own single file.
 */
function radixThemesInLayers(): Plugin {
  const components = radixThemesFile('components.css');
  const utilities = radixThemesFile('utilities.css');
  return {
    name: 'vault:radix-themes-in-layers',
    enforce: 'pre',
    transform(code, id) {
      const [file = id, query = ''] = id.split('?', 2);
      if (clean(file) === utilities) {
        const part = new URLSearchParams(query).get('part');
        if (part !== null && part !== 'landing') {
          throw new Error(`vite.config.ts: import ${utilities} whole or with ?part=landing, not '${query}'`);
        }
        return `@layer rt-utilities{${part === 'landing' ? radixLandingUtilities(code) : code}}`;
      }
      if (clean(file) !== components) return null;
      const part = new URLSearchParams(query).get('part');
      if (part !== 'landing' && part !== 'rest') {
        throw new Error(`vite.config.ts: import ${components} with ?part=landing or ?part=rest, not '${query}'`);
      }
      return `@layer rt-components{${radixComponentsPart(code, part satisfies RadixComponentsPart)}}`;
    },
  };
}

// A build against a real Supabase project (both variables set, in the environment or a .env file;
// docs/security.md) ships nothing of the mock: public/ holds only the service worker scripts, and source
// maps would carry the mock-only sources (main.tsx and the screens leave out MSW and the admin pair).
const env = loadEnv('production', process.cwd(), 'VITE_');
const realBackend = Boolean(env.VITE_SUPABASE_URL && env.VITE_SUPABASE_ANON_KEY);

export default defineConfig(({ isSsrBuild }) => ({
  publicDir: realBackend ? false : 'public',
  // Radix Themes' component styles in two parts (radixThemesInLayers; src/boot/deferredStyles.ts).
  define: { 'import.meta.env.VAULT_RADIX_SPLIT': 'true' },
  plugins: [
    themeWithoutTooltipProvider(),
    radixThemesInLayers(),
    react(),
    vanillaExtractPlugin(),
    prerenderedPages(),
    // The embedded backend's database (mock builds only: nothing imports it in a real build).
    ...(realBackend ? [] : [databaseImagePlugin()]),
  ],
  // The embedded backend's worker (mocks/worker) loads PGlite, whose WASM files Vite must not pre-bundle.
  worker: { format: 'es' },
  optimizeDeps: { exclude: ['@electric-sql/pglite'] },
  // Workspace packages export their TypeScript sources under the "source" condition, so the app
  // builds @vault/domain and @vault/ui from source without waiting for their own builds.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  // The prerender step's Node build (scripts/prerender.mjs) reads the same sources.
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: !realBackend,
    // The prerender step links each page's screen chunk and CSS from it; the budgets read it too.
    manifest: true,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              // Everything the entry imports statically goes into one chunk: Rolldown otherwise splits
              // modules shared with lazy screens into many small initial chunks, each costing bytes
              // and a request. Lazily loaded code keeps its automatic chunks, except the groups below.
              // Groups name modules by their resolved files (see mustExist), not by file-name patterns.
              groups: [
                { name: 'app', tags: ['$initial'], priority: 2 },
                // The screen itself stays a lazy entry of its own, so it is still imported as one.
                { name: 'landing-deps', test: isOneOf(landingModules), priority: 1 },
                {
                  // Loaded by the screens that talk to the backend; kept apart, so the screens that
                  // do not (registration, agreement) skip it. Below the next group: the domain
                  // modules the backend validates with stay there, so the shared chunk never
                  // imports this one.
                  name: 'backend',
                  test: isBackend,
                  priority: 0,
                },
                {
                  // The embedded mock and the contract it shares with the app, out of the screens'
                  // shared chunk: the mock starts on the landing page once it is idle, and would
                  // otherwise fetch every screen's shared code with it.
                  name: 'mock',
                  test: isMock,
                  priority: 1.5,
                },
                { name: 'backend-contract', test: isBackendContract, priority: 1.5 },
                {
                  // What the screens share in one chunk: split by Rolldown it is many small files, and a
                  // signed-in deep link waits for them in turn (docs/performance.md). Out:
                  // the screens (lazy entries), cmdk's dialog (first Ctrl+K), sonner (the landing
                  // page's toaster loads it alone) and the backend.
                  name: 'screens-common',
                  test: isShared,
                  // What one screen alone uses (the offering form's rules, the statement's PDF
                  // writer) stays in that screen's chunk.
                  minShareCount: 2,
                  priority: 1,
                },
              ],
            },
          },
        },
  },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
}));
