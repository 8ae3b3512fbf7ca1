import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  // Workspace packages export their TypeScript sources under the "source" condition, so the app
  // builds @vault/domain and @vault/ui from source without waiting for their own builds.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
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
          ],
        },
      },
    },
  },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});
