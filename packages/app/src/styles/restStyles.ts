/**
 * Loads Radix Themes' component styles the prerendered pages do not use (vite.config.ts,
 * radixThemesInLayers), with the shell and the screens outside it that need them. Resolves once the
 * stylesheet has loaded, so a screen never paints unstyled. Only the app's build splits the styles
 * (Storybook loads Radix's whole stylesheet itself), hence the flag.
 */
export function loadRestStyles(): Promise<unknown> {
  return import.meta.env.VAULT_RADIX_SPLIT ? import('@radix-ui/themes/components.css?part=rest') : Promise.resolve();
}
