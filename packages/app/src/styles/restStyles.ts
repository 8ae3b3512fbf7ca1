/**
 * What of Radix Themes the first page's CSS leaves out (vite.config.ts, radixThemesInLayers;
 * src/styles/radixSplit.ts), in two steps. Only the app's build splits the styles (Storybook loads
 * Radix's whole stylesheet itself), hence the flag.
 */

/**
 * Every utility class and colour scale: what a public page's later states (an error, a password
 * hint) may use beyond what its prerendered HTML does. main.tsx loads it on every page as soon as
 * the app runs, after the first paint. Radix's whole utilities.css repeats the first page's part in
 * the same order and layer, so the cascade ends up as with the whole file alone.
 */
export function loadLaterStyles(): Promise<unknown> {
  return import.meta.env.VAULT_RADIX_SPLIT
    ? Promise.all([import('@radix-ui/themes/utilities.css'), import('../radix-colors-rest.css')])
    : Promise.resolve();
}

/**
 * The component styles the prerendered pages do not use, with the above, for the shell and the
 * screens outside it that need them. Resolves once the stylesheets have loaded, so a screen never
 * paints unstyled.
 */
export function loadRestStyles(): Promise<unknown> {
  return import.meta.env.VAULT_RADIX_SPLIT
    ? Promise.all([import('@radix-ui/themes/components.css?part=rest'), loadLaterStyles()])
    : Promise.resolve();
}
