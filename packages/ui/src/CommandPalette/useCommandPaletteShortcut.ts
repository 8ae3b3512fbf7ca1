import { PALETTE_SHORTCUT_KEY } from '@vault/domain';
import { useEffect, useLayoutEffect, useRef } from 'react';

/** True for Ctrl+K, or Cmd+K on a Mac (either works everywhere); not with Shift or Alt. */
export function isPaletteShortcut(event: KeyboardEvent): boolean {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return false;
  // `code` keeps the shortcut on the physical K key with non-Latin keyboard layouts.
  return event.key.toLowerCase() === PALETTE_SHORTCUT_KEY || event.code === 'KeyK';
}

/**
 * Toggles the command palette on Ctrl+K (Cmd+K on a Mac) anywhere in the document, taking the
 * keystroke from the browser (which would otherwise focus its own search bar). Holding the keys
 * down toggles once.
 */
export function useCommandPaletteShortcut(toggle: () => void): void {
  const latest = useRef(toggle);
  useLayoutEffect(() => {
    latest.current = toggle;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      event.preventDefault();
      if (!event.repeat) latest.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
