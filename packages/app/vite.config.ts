import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, loadEnv } from 'vite';

// A build against a real Supabase project (both variables set, in the environment or a .env file;
// docs/security.md) ships nothing of the mock: public/ holds only the MSW worker script, and source
// maps would carry the mock-only sources (main.tsx and the screens leave out MSW and the admin pair).
const env = loadEnv('production', process.cwd(), 'VITE_');
const realBackend = Boolean(env.VITE_SUPABASE_URL && env.VITE_SUPABASE_ANON_KEY);

export default defineConfig({
  publicDir: realBackend ? false : 'public',
  plugins: [react(), vanillaExtractPlugin()],
  // Workspace packages export their TypeScript sources under the "source" condition, so the app
  // builds @vault/domain and @vault/ui from source without waiting for their own builds.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: !realBackend,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically goes into one chunk: Rolldown otherwise splits
          // modules shared with lazy screens into many small initial chunks, each costing bytes
          // and a request. Lazily loaded code keeps its automatic chunks, except that what the landing
          // screen imports (sign-in form, checkbox, text field...) is one chunk: '/' needs it all.
          // The screen itself stays a lazy entry of its own, so it is still imported as one.
          groups: [
            { name: 'app', tags: ['$initial'], priority: 2 },
            {
              name: 'landing-deps',
              test: /\/src\/(components\/(SignInForm|DemoAccounts|Field)|shell\/Logo)\.tsx$|themes\/dist\/esm\/(components\/(container|grid)|helpers\/get-subtree)\.js$/,
              priority: 1,
            },
            {
              // supabase-js and the app's calls through it, loaded by the screens that talk to the
              // backend; kept apart, so the screens that do not (registration, agreement) skip it.
              name: 'backend',
              test: /\/node_modules\/@supabase\/|\/packages\/app\/src\/backend\//,
              // Below the next group: the domain modules the backend validates with stay there, so
              // the shared chunk never imports this one.
              priority: 0,
            },
            {
              // What the screens share (the design system, Radix components, the app's shared
              // parts) in one chunk: split by Rolldown it was some 30 small files, and a signed-in
              // deep link waited for them in turn (6 connections, 40 ms each). Out: the screens
              // (lazy entries), cmdk's dialog (first Ctrl+K), sonner (the landing page's toaster
              // loads it alone) and the backend.
              name: 'screens-common',
              test: /\/packages\/ui\/src\/(?!CommandPalette\/PaletteDialog)|\/packages\/app\/src\/(components|format|storage|telemetry)\/|\/packages\/domain\/src\/|@radix-ui\//,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});
