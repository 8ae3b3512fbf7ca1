/**
 * The first paint and the warm-ups, behind one door: main.tsx, App.tsx and the router import
 * them from here. Screens and components never do (.dependency-cruiser.cjs, boot-stays-out-of-screens),
 * so a screen cannot come to depend on how the page boots. The build reaches two files of this
 * folder by path: vite.config.ts the style split (styleSplit.ts), scripts/prerender.mjs the
 * prerender entry (prerender/entry.tsx). What each piece is for: docs/performance.md.
 */
export { loadAllComponentStyles, loadAllUtilitiesAndColours } from './deferredStyles';
export { resubmitHeldForm } from './heldSubmit';
export { APP_READY_ATTRIBUTE, CLIENT_RENDER_ATTRIBUTE, SHELL_FRAME_ATTRIBUTE } from './inlineScript';
export { type LazyComponent, LazyView, lazyWithPreload } from './lazyWithPreload';
export { usePaletteWarmUp } from './paletteWarmUp';
export { preloadFirstScreen } from './preloadFirstScreen';
export { whenIdle } from './whenIdle';
