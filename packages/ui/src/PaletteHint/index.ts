export { PaletteHint } from './PaletteHint';
