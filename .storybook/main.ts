import type { StorybookConfig } from '@storybook/react-vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defaultClientConditions, mergeConfig, type Plugin } from 'vite';

/**
 * Storybook answers from mocks/story and never starts the app's embedded backend, but the app's
 * code reaches it (demo mode's "start again from the seed"): its database image is none here.
 */
function noDatabaseImage(): Plugin {
  const id = 'virtual:vault-database-image';
  return {
    name: 'vault-no-database-image',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load: (loaded) => (loaded === `\0${id}` ? `export const databaseImage = { url: '', version: 'storybook' };` : null),
  };
}

const config: StorybookConfig = {
  stories: [
    '../packages/ui/src/**/*.stories.tsx',
    '../packages/app/src/**/*.stories.tsx',
    './**/*.mdx',
    '../packages/*/src/**/*.mdx',
  ],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y'],
  framework: { name: '@storybook/react-vite', options: {} },
  // The MSW worker lives in the app's public folder, so the app and Storybook serve the same file.
  staticDirs: ['../packages/app/public'],
  core: { disableTelemetry: true },
  async viteFinal(viteConfig) {
    return mergeConfig(viteConfig, {
      plugins: [vanillaExtractPlugin(), noDatabaseImage()],
      // Load @vault/* from their TypeScript sources, so stories never need a prior package build.
      resolve: { conditions: ['source', ...defaultClientConditions] },
    });
  },
};

export default config;
