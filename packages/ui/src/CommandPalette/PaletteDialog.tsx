// The only module of @vault/ui that imports cmdk; CommandPalette loads it ahead of or on first open.
import { PALETTE_MAX_HEIGHT_PX, type PaletteEntry } from '@vault/domain';
import { Command, useCommandState } from 'cmdk';
import { type ReactNode, type SyntheticEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { cx, mergeRefs } from '../internal/props';
import type { CommandPaletteProps } from './CommandPalette';
import type * as Styles from './CommandPalette.css';

export interface PaletteDialogProps extends Omit<CommandPaletteProps, 'warm'> {
  /**
   * The class names, handed over by CommandPalette: importing the .css.ts module here would put its
   * CSS into a separate lazy stylesheet instead of the package's one CSS file.
   */
  styles: typeof Styles;
}

/** Words a person could type to find an entry besides its label, e.g. 'placements' for View Portfolio. */
function keywordsOf(entry: PaletteEntry): string[] {
  return entry.href ? [entry.href.slice(1).replaceAll(/[/-]/g, ' ')] : [];
}

/**
 * The list of entries and, when nothing matches, 'No results found.' in a status region, so a
 * screen reader hears it. An empty listbox is invalid ARIA, so the list is hidden while empty.
 */
function Results({ styles, children }: { styles: typeof Styles; children: ReactNode }) {
  const count = useCommandState((state) => state.filtered.count);
  return (
    <>
      <Command.List
        className={styles.list}
        style={{ maxHeight: PALETTE_MAX_HEIGHT_PX }}
        label="Pages and actions"
        hidden={count === 0}
      >
        {children}
      </Command.List>
      <div role="status" className={count === 0 ? styles.empty : undefined}>
        {count === 0 ? 'No results found.' : null}
      </div>
    </>
  );
}

/**
 * A native modal `<dialog>`, mounted once and kept: opening it is `showModal()` on markup that is
 * already there, with no portal, scroll lock or aria-hidden sweep over the page (what made a Radix
 * Dialog slow on each open; docs/decisions.md (20)). The browser makes the page
 * behind it inert, keeps it in the top layer and closes it on Escape.
 */
export default function PaletteDialog({
  open,
  onOpenChange,
  sections,
  onSelect,
  styles,
  className,
  ref,
  onClose: onCloseProp,
  onClick,
  onKeyDown,
  ...rest
}: PaletteDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  // A new key on each close: the next open starts with an empty search and the first entry selected.
  const [generation, setGeneration] = useState(0);

  // Whether the dialog is showing as far as `open` goes; the native `open` may already be false
  // after the browser's own close.
  const shown = useRef(false);
  // The warm-up's unseen show-and-close (below) is not an open or a close of the palette: its close
  // event, which comes a task later, goes to no one.
  const warmUpClose = useRef(false);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !shown.current) {
      shown.current = true;
      const active = document.activeElement;
      returnFocusTo.current = active instanceof HTMLElement && active !== document.body ? active : null;
      // jsdom (a consumer's unit tests) has no showModal; there the dialog is simply open.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      dialog.querySelector('input')?.focus();
    } else if (!open && shown.current) {
      shown.current = false;
      if (dialog.open) {
        if (typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
      }
      // Here rather than in the close event, which comes a task later, maybe after a new open.
      setGeneration((g) => g + 1);
      const target = returnFocusTo.current;
      returnFocusTo.current = null;
      if (target?.isConnected) target.focus();
    }
  }, [open]);

  // Mounted ahead of the first open (CommandPalette's `warm`): once the browser is idle, show and
  // close it once, unseen (no frame is drawn in between), so the browser has worked out the dialog's
  // styles and the page's inert state before anyone presses Ctrl+K: the first open's style pass then
  // costs what the next ones' do (docs/decisions.md (20)).
  // Only with nothing focused: the round trip moves focus into the dialog and back, which must not
  // blur what a person is using. Browsers without requestIdleCallback skip it.
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') return;
    const handle = window.requestIdleCallback(() => {
      const dialog = dialogRef.current;
      const active = document.activeElement;
      if (!dialog || dialog.open || shown.current || (active !== null && active !== document.body)) return;
      if (typeof dialog.showModal !== 'function' || typeof dialog.close !== 'function') return;
      dialog.showModal();
      dialog.getBoundingClientRect();
      warmUpClose.current = true;
      dialog.close();
    });
    return () => window.cancelIdleCallback(handle);
  }, []);

  // The browser closed the dialog itself (its own Escape handling): tell the owner of `open`. A
  // close event that arrives once the palette is open again is stale.
  const onClose = (event: SyntheticEvent<HTMLDialogElement>) => {
    if (warmUpClose.current) {
      warmUpClose.current = false;
      return;
    }
    onCloseProp?.(event);
    if (shown.current && !dialogRef.current?.open) onOpenChange(false);
  };

  // The owner's latest handlers, for the list below: it is built once per search (generation) and
  // set of sections, not again on each open, which then only shows the dialog.
  const handlers = useRef({ onOpenChange, onSelect });
  useLayoutEffect(() => {
    handlers.current = { onOpenChange, onSelect };
  });
  const content = useMemo(() => {
    const select = (entry: PaletteEntry) => {
      handlers.current.onOpenChange(false);
      handlers.current.onSelect(entry);
    };
    return (
      <Command key={generation} className={styles.command} label="Search pages and actions" loop vimBindings={false}>
        <Command.Input className={styles.input} placeholder="Search pages and actions…" />
        <Results styles={styles}>
          {sections.map((section) => (
            <Command.Group key={section.group} heading={section.group}>
              {section.entries.map((entry) => (
                <Command.Item
                  key={entry.id}
                  className={styles.item}
                  value={entry.label}
                  keywords={keywordsOf(entry)}
                  onSelect={() => select(entry)}
                >
                  {entry.label}
                </Command.Item>
              ))}
            </Command.Group>
          ))}
        </Results>
      </Command>
    );
  }, [generation, sections, styles]);

  return (
    <dialog
      aria-label="Command palette"
      {...rest}
      ref={mergeRefs(dialogRef, ref)}
      className={cx(styles.dialog, className)}
      onClose={onClose}
      // Escape is ours rather than the browser's: the app owns `open`, and a scripted Escape (tests,
      // assistive tools) closes it too.
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onOpenChange(false);
      }}
      // The dialog box is filled by its content: a click on the dialog itself fell on the backdrop.
      onClick={(event) => {
        onClick?.(event);
        if (event.target === event.currentTarget) onOpenChange(false);
      }}
    >
      <div className={styles.content}>{content}</div>
    </dialog>
  );
}
