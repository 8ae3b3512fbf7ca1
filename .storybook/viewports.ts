/**
 * The widths every story and screen is reviewed at (docs/testing.md): two phones, a tablet, a small
 * laptop and a desktop. The Storybook toolbar offers them as viewport presets; the Storybook
 * tests (.storybook/test-runner.ts, with the visual shots) render each story at `VISUAL_DEFAULT` and a story tagged `phone` at `phone`.
 */
export const VIEWPORTS = {
  phoneSmall: { name: 'Small phone (360)', styles: { width: '360px', height: '740px' }, type: 'mobile' },
  phone: { name: 'Phone (390)', styles: { width: '390px', height: '844px' }, type: 'mobile' },
  tablet: { name: 'Tablet (768)', styles: { width: '768px', height: '1024px' }, type: 'tablet' },
  laptop: { name: 'Laptop (1024)', styles: { width: '1024px', height: '768px' }, type: 'desktop' },
  desktop: { name: 'Desktop (1440)', styles: { width: '1440px', height: '900px' }, type: 'desktop' },
} as const;

export type ViewportName = keyof typeof VIEWPORTS;

/** Width and height in pixels of a preset. */
export function viewportSize(name: ViewportName): { width: number; height: number } {
  const { width, height } = VIEWPORTS[name].styles;
  return { width: Number.parseInt(width, 10), height: Number.parseInt(height, 10) };
}

/** What the Storybook tests render a story at unless the story is tagged `phone`. */
export const VISUAL_DEFAULT: ViewportName = 'laptop';
