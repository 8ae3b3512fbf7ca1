export { CommandPalette, type CommandPaletteProps, preloadCommandPalette } from './CommandPalette';
export { isPaletteShortcut, useCommandPaletteShortcut } from './useCommandPaletteShortcut';
