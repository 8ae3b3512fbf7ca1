/**
 * What of Radix Themes the first page's CSS leaves out (styleSplit.ts; vite.config.ts,
 * radixThemesInLayers). Only the app's build splits the styles (Storybook loads Radix's whole
 * stylesheet itself), hence the flag.
 */

/**
 * Every utility class and colour scale, for what a public page shows beyond its prerendered HTML
 * (an error, a password hint). Radix's whole utilities.css repeats the first page's part in the
 * same order and layer, so the cascade ends up as with the whole file alone.
 */
export function loadAllUtilitiesAndColours(): Promise<unknown> {
  return import.meta.env.VAULT_RADIX_SPLIT
    ? Promise.all([import('@radix-ui/themes/utilities.css'), import('./radix-colors-rest.css')])
    : Promise.resolve();
}

/**
 * The component styles the prerendered pages leave out, with every utility and colour, for the
 * shell and the public screens that are not prerendered. Resolves once the stylesheets have
 * loaded, so a screen never paints unstyled.
 */
export function loadAllComponentStyles(): Promise<unknown> {
  return import.meta.env.VAULT_RADIX_SPLIT
    ? Promise.all([import('@radix-ui/themes/components.css?part=rest'), loadAllUtilitiesAndColours()])
    : Promise.resolve();
}
