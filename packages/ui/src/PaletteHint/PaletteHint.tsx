import { messages } from '@vault/domain';
import { cx, type RootProps } from '../internal/props';
import * as styles from './PaletteHint.css';

/** Every native prop of the root `<p>` (className, style, id, data-*, aria-*, ref); the text is fixed. */
export interface PaletteHintProps extends RootProps<'p', 'children'> {
  /**
   * Runs when the pointer comes over the hint or it gets focus: someone about to use the palette,
   * a moment to fetch its code.
   */
  onEngage?: () => void;
}

/**
 * docs/product.md's hint for the command palette shortcut, word for word. Hidden on narrow screens.
 *
 * When to use: in the breadcrumb bar (AppShell includes it) to tell people about Ctrl/Cmd+K.
 *
 * When not: as a button: it is a hint, the shortcut opens the palette.
 */
export function PaletteHint({ className, onEngage, onPointerEnter, onFocus, ...rest }: PaletteHintProps) {
  return (
    <p
      {...rest}
      className={cx(styles.hint, className)}
      onPointerEnter={(event) => {
        onEngage?.();
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        onEngage?.();
        onFocus?.(event);
      }}
    >
      {messages.paletteHint}
    </p>
  );
}
