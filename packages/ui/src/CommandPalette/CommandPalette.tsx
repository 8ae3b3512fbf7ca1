import type { PaletteEntry, PaletteSection } from '@vault/domain';
import { lazy, Suspense, useState } from 'react';
import type { RootProps } from '../internal/props';
import * as styles from './CommandPalette.css';

/**
 * The palette's own props, plus every native prop of its root, the modal `<dialog>` element
 * (className, style, id, data-*, aria-*, ref, event handlers, which run before the palette's own).
 */
export interface CommandPaletteProps extends RootProps<'dialog', 'children' | 'onSelect' | 'open'> {
  /** Whether the palette is open; the app owns this (see useCommandPaletteShortcut). */
  open: boolean;
  /** Called with false on Escape, a click outside or a selection; with true never by the palette itself. */
  onOpenChange: (open: boolean) => void;
  /** The domain's `paletteFor(session)`: the Navigation, Admin and Account groups this person may see. */
  sections: PaletteSection[];
  /** The chosen entry, after the palette has closed: navigate to `entry.href` or run `entry.action`. */
  onSelect: (entry: PaletteEntry) => void;
  /**
   * Mount the (closed) dialog now and keep it, e.g. once preloadCommandPalette() has resolved: the
   * first Ctrl+K then only opens it, as quick as the next. Otherwise it mounts on the first open.
   * Once the browser is idle, and if nothing has focus, a warm dialog is shown and closed once in a
   * single task (no frame shows it) so the browser has its styles ready; `onClose` and `onOpenChange`
   * are not called for that.
   */
  warm?: boolean;
}

const loadDialog = () => import('./PaletteDialog');

// Named one by one, so an unused class shows up as an unused export; one object, so the dialog's
// list, memoised on it, is not rebuilt on each render.
const dialogStyles = {
  dialog: styles.dialog,
  content: styles.content,
  command: styles.command,
  input: styles.input,
  list: styles.list,
  item: styles.item,
  empty: styles.empty,
};
// Pure: a bundle that imports another component from @vault/ui drops the palette and cmdk.
const PaletteDialog = /* @__PURE__ */ lazy(loadDialog);

/** Starts loading the palette's code (cmdk) ahead of the first Ctrl+K, e.g. when the browser is idle. */
export function preloadCommandPalette(): Promise<void> {
  return loadDialog().then(() => undefined);
}

/**
 * The Ctrl/Cmd+K command palette: a modal dialog with a search box over the pages and actions of
 * `sections`. Escape closes it and focus returns to where it was. Its code (cmdk) loads on first
 * open, or earlier with `warm`; once mounted, the (native, modal) dialog stays mounted while closed.
 *
 * When to use: once per app, opened with Ctrl/Cmd+K (useCommandPaletteShortcut), over the pages and
 * actions of `paletteFor(session)`.
 *
 * When not: as a page's search field or as the only way to reach a page: every entry must also be
 * reachable by links.
 */
export function CommandPalette({ warm = false, ...props }: CommandPaletteProps) {
  // Once mounted (warm, or opened once), the dialog stays mounted: later opens only show it.
  const [used, setUsed] = useState(false);
  if ((props.open || warm) && !used) setUsed(true);
  if (!used && !props.open && !warm) return null;
  return (
    <Suspense fallback={null}>
      <PaletteDialog {...props} styles={dialogStyles} />
    </Suspense>
  );
}
