// The layering of docs/architecture.md, checked on every import (`npm run lint:layers`):
// the domain is pure TypeScript + valibot, @vault/ui is presentational, mocks/ never reach into
// the app, and the app's screens and components never reach into its boot code. Each rule names the layer it protects. Browser globals (DOM, storage, fetch) are not
// imports: the domain's tsconfig has no DOM library, and biome.json's overrides refuse storage
// and network globals in ui and the domain.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: '@vault/domain: no React, no DOM or browser libraries, nothing of ui, app or mocks.',
      severity: 'error',
      from: { path: '^packages/domain/src' },
      to: {
        path: [
          '^packages/(ui|app)/',
          '^mocks/',
          'node_modules/(react|react-dom|react-router|react-router-dom|@radix-ui|@supabase|msw|sonner|cmdk)/',
        ],
      },
    },
    {
      name: 'ui-is-presentational',
      comment: '@vault/ui takes data and callbacks as props: no app, no router, no storage, no network.',
      severity: 'error',
      from: { path: '^packages/ui/src' },
      to: {
        path: [
          '^packages/app/',
          '^mocks/',
          'node_modules/(react-router|react-router-dom|@supabase|msw|idb|idb-keyval|localforage|ky|axios|ofetch)/',
        ],
      },
    },
    {
      name: 'mocks-never-import-the-app',
      comment: 'mocks/ is the backend stand-in; it may share the domain, never the app or ui.',
      severity: 'error',
      from: { path: '^mocks/' },
      to: { path: ['^packages/(app|ui)/'] },
    },
    {
      name: 'boot-stays-out-of-screens',
      comment:
        'packages/app/src/boot/ is how the first page paints and warms up (docs/app-map.md); screens and components never depend on it.',
      severity: 'error',
      from: { path: '^packages/app/src/(screens|components)/' },
      to: { path: '^packages/app/src/boot/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Built output of our own packages; node_modules' dist/ folders stay visible to the rules.
    exclude: { path: '^packages/[^/]+/dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Workspace packages by their sources, as the "source" export condition resolves them.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['source', 'import', 'types', 'default'],
      mainFields: ['module', 'main', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.d.ts'],
    },
  },
};
