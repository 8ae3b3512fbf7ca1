import type { StorybookConfig } from '@storybook/react-vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defaultClientConditions, mergeConfig } from 'vite';

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
      plugins: [vanillaExtractPlugin()],
      // Load @vault/* from their TypeScript sources, so stories never need a prior package build.
      resolve: { conditions: ['source', ...defaultClientConditions] },
    });
  },
};

export default config;
