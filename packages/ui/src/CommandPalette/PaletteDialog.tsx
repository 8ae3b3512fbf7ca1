// The only module of @vault/ui that imports cmdk; CommandPalette loads it on first open.
import { Dialog, VisuallyHidden } from '@radix-ui/themes';
import { PALETTE_MAX_HEIGHT_PX, type PaletteEntry } from '@vault/domain';
import { Command, useCommandState } from 'cmdk';
import type { ReactNode, RefObject } from 'react';
import { cx } from '../internal/props';
import type { CommandPaletteProps } from './CommandPalette';
import type * as Styles from './CommandPalette.css';

export interface PaletteDialogProps extends CommandPaletteProps {
  /** The element to focus again once the dialog has closed. */
  returnFocusTo: RefObject<HTMLElement | null>;
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

export default function PaletteDialog({
  open,
  onOpenChange,
  sections,
  onSelect,
  returnFocusTo,
  styles,
  className,
  ...rest
}: PaletteDialogProps) {
  const select = (entry: PaletteEntry) => {
    onOpenChange(false);
    onSelect(entry);
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content
        {...rest}
        className={cx(styles.content, className)}
        size="1"
        maxWidth="560px"
        align="start"
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          // Radix would focus a Dialog.Trigger; there is none, so go back where the person was.
          event.preventDefault();
          const target = returnFocusTo.current;
          returnFocusTo.current = null;
          if (target?.isConnected) target.focus();
        }}
      >
        <VisuallyHidden asChild>
          <Dialog.Title>Command palette</Dialog.Title>
        </VisuallyHidden>
        <Command className={styles.command} label="Search pages and actions" loop vimBindings={false}>
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
      </Dialog.Content>
    </Dialog.Root>
  );
}
